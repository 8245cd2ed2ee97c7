#include "harness/main.hpp"
#include "histogram/histogram_app.hpp"

int main(int argc, char** argv) {
  return bench::run_app<bench::histogram::HistogramApp>(argc, argv);
}
