#include "bandwidth/bandwidth_app.hpp"
#include "harness/main.hpp"

int main(int argc, char** argv) {
  return bench::run_app<bench::bandwidth::BandwidthApp>(argc, argv);
}
