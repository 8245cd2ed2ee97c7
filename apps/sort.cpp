#include "sort/sort_app.hpp"

int main(int argc, char** argv) {
  return kp::bench::run_app<kp::bench::sort::SortApp>(argc, argv);
}
