#pragma once
// The image a mandelbrot run computes, the per-pixel escape count shared by
// the kernels and the host reference, and the check of a variant's image.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/benchmark.hpp"

namespace bench::mandelbrot {

using Iterations = std::uint32_t;

struct Frame {
  std::int64_t width = 0, height = 0;
  Iterations max_iterations = 0;
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // the region of the complex plane
  double dx = 0, dy = 0;                  // pixel size
};

// Rounded products and sums that a compiler may not fuse into an FMA: nvcc
// fuses x*x + y*y by default, which changes the last bit and so, at the edge
// of the set, the iteration count. With these every backend computes exactly
// the host reference's numbers.
KOKKOS_INLINE_FUNCTION double mul(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}
KOKKOS_INLINE_FUNCTION double add(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}

// Pixel (row, column): row 0 is the top (y1), each pixel sampled at its
// centre. z starts at 0 and is iterated while |z|^2 < 4 and n < max; the
// result n is the number of iterations done (max for points in the set).
KOKKOS_INLINE_FUNCTION Iterations escape_count(const Frame& f, std::int64_t row,
                                               std::int64_t column) {
  const double cx = add(f.x0, mul(static_cast<double>(column) + 0.5, f.dx));
  const double cy = add(f.y1, -mul(static_cast<double>(row) + 0.5, f.dy));
  double x = 0, y = 0;
  Iterations n = 0;
  while (n < f.max_iterations) {
    const double xx = mul(x, x), yy = mul(y, y);
    if (add(xx, yy) >= 4.0) break;
    y = add(mul(add(x, x), y), cy);
    x = add(add(xx, -yy), cx);
    ++n;
  }
  return n;
}

// Validates (UsageError: empty image, x1 <= x0 or y1 <= y0, no iterations)
// and fills the pixel size.
Frame make_frame(std::int64_t width, std::int64_t height, std::uint64_t iterations,
                 const std::string& region);

// The image computed sequentially on the host, row-major from the top row.
std::vector<Iterations> reference_image(const Frame& frame);

// FNV-1a over the counts' bytes, least significant byte first, so that the
// checksum is the same on every machine.
std::uint64_t fnv1a(const Iterations* counts, std::size_t n);

// Exact comparison with the reference: the detail gives the checksum and the
// first differing pixel.
Check check_image(const Frame& frame, const std::vector<Iterations>& reference,
                  const Iterations* image);

}  // namespace bench::mandelbrot
