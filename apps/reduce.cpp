#include "reduce/reduce_app.hpp"

int main(int argc, char** argv) {
  return kp::bench::run_app<kp::bench::reduce::ReduceApp>(argc, argv);
}
