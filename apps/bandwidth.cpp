#include "bandwidth/bandwidth_app.hpp"

int main(int argc, char** argv) {
  return kp::run_app<kp::bandwidth::BandwidthApp>(argc, argv);
}
