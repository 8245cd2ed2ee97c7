#include "roulette/roulette_app.hpp"

int main(int argc, char** argv) {
  return kp::bench::run_app<kp::bench::roulette::RouletteApp>(argc, argv);
}
