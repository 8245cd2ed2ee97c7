#pragma once
// A 24-bit uncompressed BMP writer (no libraries): a 14-byte file header, a
// 40-byte BITMAPINFOHEADER, then the rows bottom-up, each padded to 4 bytes,
// pixels in blue, green, red order.
#include <cstdint>
#include <functional>
#include <string>

namespace bench::mandelbrot {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
};

// Bytes of one stored row: 3 per pixel, rounded up to a multiple of 4.
std::uint64_t bmp_row_bytes(std::int64_t width);

// Why an image of this size cannot be a BMP ("" when it can).
std::string bmp_size_problem(std::int64_t width, std::int64_t height);

// Writes `path` atomically (harness/output_file.hpp), asking `pixel(row,
// column)` for each pixel (row 0 at the top). Throws std::runtime_error when
// the file cannot be written or bmp_size_problem refuses the size.
void write_bmp(const std::string& path, std::int64_t width, std::int64_t height,
               const std::function<Rgb(std::int64_t row, std::int64_t column)>& pixel);

// A smooth palette over n / max (dark blue, through orange, to pale yellow);
// points in the set (n == max) are black.
Rgb colour_of(std::uint32_t n, std::uint32_t max);

}  // namespace bench::mandelbrot
