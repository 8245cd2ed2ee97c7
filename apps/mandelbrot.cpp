#include "mandelbrot/mandelbrot_app.hpp"

int main(int argc, char** argv) {
  return kp::run_app<kp::mandelbrot::MandelbrotApp>(argc, argv);
}
