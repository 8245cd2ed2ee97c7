#include "histogram/histogram_app.hpp"

int main(int argc, char** argv) {
  return kp::bench::run_app<kp::bench::histogram::HistogramApp>(argc, argv);
}
