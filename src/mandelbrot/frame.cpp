#include "mandelbrot/frame.hpp"

#include <sstream>

#include "harness/usage.hpp"

namespace bench::mandelbrot {

Frame make_frame(std::int64_t width, std::int64_t height, std::uint64_t iterations,
                 const std::string& region) {
  if (width <= 0 || height <= 0)
    throw UsageError("the image needs a width and height of at least 1");
  if (iterations == 0) throw UsageError("--iterations must be at least 1");
  const std::vector<std::string> corners = parse_list(region, "--region");
  if (corners.size() != 4) {
    throw UsageError("--region: '" + region + "' is not four numbers x0,y0,x1,y1");
  }
  Frame f;
  f.width = width;
  f.height = height;
  f.max_iterations = static_cast<Iterations>(iterations);
  f.x0 = parse_real(corners[0], "--region");
  f.y0 = parse_real(corners[1], "--region");
  f.x1 = parse_real(corners[2], "--region");
  f.y1 = parse_real(corners[3], "--region");
  if (!(f.x1 > f.x0) || !(f.y1 > f.y0)) {
    throw UsageError("--region: '" + region + "' needs x1 > x0 and y1 > y0");
  }
  f.dx = (f.x1 - f.x0) / static_cast<double>(width);
  f.dy = (f.y1 - f.y0) / static_cast<double>(height);
  return f;
}

std::vector<Iterations> reference_image(const Frame& frame) {
  std::vector<Iterations> image(static_cast<std::size_t>(frame.width * frame.height));
  for (std::int64_t row = 0; row < frame.height; ++row) {
    for (std::int64_t column = 0; column < frame.width; ++column) {
      image[static_cast<std::size_t>(row * frame.width + column)] =
          escape_count(frame, row, column);
    }
  }
  return image;
}

std::uint64_t fnv1a(const Iterations* counts, std::size_t n) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < n; ++i) {
    for (int byte = 0; byte < 4; ++byte) {
      hash ^= (counts[i] >> (8 * byte)) & 0xffu;
      hash *= 0x100000001b3ull;
    }
  }
  return hash;
}

Check check_image(const Frame& frame, const std::vector<Iterations>& reference,
                  const Iterations* image) {
  const std::uint64_t expected = fnv1a(reference.data(), reference.size());
  const std::uint64_t got = fnv1a(image, reference.size());
  std::ostringstream detail;
  detail << std::hex << "fnv1a 0x" << got << std::dec;
  if (got == expected) return {true, detail.str()};
  detail << " != ref 0x" << std::hex << expected << std::dec;
  for (std::size_t i = 0; i < reference.size(); ++i) {
    if (image[i] != reference[i]) {
      const std::int64_t pixel = static_cast<std::int64_t>(i);
      detail << ", pixel (row " << pixel / frame.width << ", col " << pixel % frame.width
             << ") = " << image[i] << " not " << reference[i];
      break;
    }
  }
  return {false, detail.str()};
}

}  // namespace bench::mandelbrot
