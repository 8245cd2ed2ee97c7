#include "bandwidth/bandwidth_app.hpp"

int main(int argc, char** argv) {
  return kp::bench::run_app<kp::bench::bandwidth::BandwidthApp>(argc, argv);
}
