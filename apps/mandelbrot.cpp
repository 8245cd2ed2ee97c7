#include "harness/main.hpp"
#include "mandelbrot/mandelbrot_app.hpp"

int main(int argc, char** argv) {
  return bench::run_app<bench::mandelbrot::MandelbrotApp>(argc, argv);
}
