#include "mandelbrot/png.hpp"

#include <climits>
#include <stdexcept>
#include <vector>

#include "harness/output_file.hpp"

#ifdef KP_HAVE_STB
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO  // we write the bytes ourselves, and check each step
#include <stb_image_write.h>
#endif

namespace bench::mandelbrot {

bool png_supported() {
#ifdef KP_HAVE_STB
  return true;
#else
  return false;
#endif
}

std::string png_size_problem(std::int64_t width, std::int64_t height) {
  // stb holds the pixels, and the filtered rows with a filter byte each, in int-sized buffers.
  if (width <= 0 || height <= 0 || width > INT_MAX / 3 || height > INT_MAX / (3 * width + 1)) {
    return std::to_string(width) + " x " + std::to_string(height) +
           " is too large for a PNG written by stb (3 x width x height must stay under 2^31)";
  }
  return "";
}

bool has_png_suffix(const std::string& path) {
  return path.size() >= 4 && path.compare(path.size() - 4, 4, ".png") == 0;
}

void write_png(const std::string& path, std::int64_t width, std::int64_t height,
               const std::function<Rgb(std::int64_t row, std::int64_t column)>& pixel) {
#ifdef KP_HAVE_STB
  if (const std::string why = png_size_problem(width, height); !why.empty()) {
    throw std::runtime_error("cannot write '" + path + "': " + why);
  }
  std::vector<unsigned char> rgb(static_cast<std::size_t>(width * height * 3));
  for (std::int64_t row = 0; row < height; ++row) {
    for (std::int64_t column = 0; column < width; ++column) {
      const Rgb c = pixel(row, column);
      unsigned char* p = &rgb[static_cast<std::size_t>((row * width + column) * 3)];
      p[0] = c.r;
      p[1] = c.g;
      p[2] = c.b;
    }
  }
  std::string bytes;
  const auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                               static_cast<std::size_t>(size));
  };
  if (!stbi_write_png_to_func(append, &bytes, static_cast<int>(width), static_cast<int>(height), 3,
                              rgb.data(), static_cast<int>(width * 3))) {
    throw std::runtime_error("cannot write '" + path + "': PNG encoding failed");
  }
  write_atomically(path, bytes);
#else
  (void)width;
  (void)height;
  (void)pixel;
  throw std::runtime_error("cannot write '" + path +
                           "': this build has no PNG support (install libstb-dev and rebuild)");
#endif
}

}  // namespace bench::mandelbrot
