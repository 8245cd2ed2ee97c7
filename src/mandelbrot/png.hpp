#pragma once
// An 8-bit RGB PNG writer through stb_image_write.h (Debian: libstb-dev),
// with the same pixel callback as write_bmp.
#include <cstdint>
#include <functional>
#include <string>

#include "mandelbrot/bmp.hpp"

namespace bench::mandelbrot {

// False when the build found no stb_image_write.h.
bool png_supported();

// True when the path ends in ".png".
bool has_png_suffix(const std::string& path);

// Why stb cannot write a PNG of this size ("" when it can).
std::string png_size_problem(std::int64_t width, std::int64_t height);

// Writes `path` atomically (harness/output_file.hpp), asking `pixel(row, column)` for each pixel
// (row 0 at the top). Throws std::runtime_error when the file cannot be written, the image is too
// large for stb's int sizes, or PNG is not supported by this build.
void write_png(const std::string& path, std::int64_t width, std::int64_t height,
               const std::function<Rgb(std::int64_t row, std::int64_t column)>& pixel);

}  // namespace bench::mandelbrot
