#include "harness/main.hpp"
#include "minloc/minloc_app.hpp"

int main(int argc, char** argv) {
  return bench::run_app<bench::minloc::MinlocApp>(argc, argv);
}
