#include "scan/scan_app.hpp"

int main(int argc, char** argv) {
  return kp::bench::run_app<kp::bench::scan::ScanApp>(argc, argv);
}
