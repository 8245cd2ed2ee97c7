#include "harness/main.hpp"
#include "roulette/roulette_app.hpp"

int main(int argc, char** argv) {
  return bench::run_app<bench::roulette::RouletteApp>(argc, argv);
}
