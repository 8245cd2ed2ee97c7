#include "harness/main.hpp"
#include "sort/sort_app.hpp"

int main(int argc, char** argv) {
  return bench::run_app<bench::sort::SortApp>(argc, argv);
}
