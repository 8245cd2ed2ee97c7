#include "harness/main.hpp"
#include "reduce/reduce_app.hpp"

int main(int argc, char** argv) {
  return bench::run_app<bench::reduce::ReduceApp>(argc, argv);
}
