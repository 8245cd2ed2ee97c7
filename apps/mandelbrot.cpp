#include "mandelbrot/mandelbrot_app.hpp"

int main(int argc, char** argv) {
  return kp::bench::run_app<kp::bench::mandelbrot::MandelbrotApp>(argc, argv);
}
