#include "harness/main.hpp"
#include "scan/scan_app.hpp"

int main(int argc, char** argv) {
  return bench::run_app<bench::scan::ScanApp>(argc, argv);
}
