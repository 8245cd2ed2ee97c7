#include "minloc/minloc_app.hpp"

int main(int argc, char** argv) {
  return kp::bench::run_app<kp::bench::minloc::MinlocApp>(argc, argv);
}
