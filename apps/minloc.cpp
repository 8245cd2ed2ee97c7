#include "minloc/minloc_app.hpp"

int main(int argc, char** argv) {
  return kp::run_app<kp::minloc::MinlocApp>(argc, argv);
}
