#include "mandelbrot/bmp.hpp"

#include <stdexcept>
#include <vector>

#include "harness/output_file.hpp"

namespace bench::mandelbrot {

namespace {
constexpr std::uint64_t kHeaderBytes = 14 + 40;  // file header and BITMAPINFOHEADER

void put_le(std::vector<char>& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}
}  // namespace

std::uint64_t bmp_row_bytes(std::int64_t width) {
  return (3 * static_cast<std::uint64_t>(width) + 3) / 4 * 4;
}

std::string bmp_size_problem(std::int64_t width, std::int64_t height) {
  if (width <= 0 || height <= 0 || width > INT32_MAX || height > INT32_MAX ||
      bmp_row_bytes(width) * static_cast<std::uint64_t>(height) > UINT32_MAX - kHeaderBytes) {
    return std::to_string(width) + " x " + std::to_string(height) +
           " is too large for a BMP (4 GiB of pixels at most)";
  }
  return "";
}

void write_bmp(const std::string& path, std::int64_t width, std::int64_t height,
               const std::function<Rgb(std::int64_t, std::int64_t)>& pixel) {
  if (const std::string why = bmp_size_problem(width, height); !why.empty()) {
    throw std::runtime_error("cannot write '" + path + "': " + why);
  }
  const std::uint64_t row_bytes = bmp_row_bytes(width);
  const std::uint64_t image_bytes = row_bytes * static_cast<std::uint64_t>(height);
  std::vector<char> header;
  header.push_back('B');
  header.push_back('M');
  put_le(header, kHeaderBytes + image_bytes, 4);  // file size
  put_le(header, 0, 4);                           // reserved
  put_le(header, kHeaderBytes, 4);                // offset of the pixels
  put_le(header, 40, 4);                          // BITMAPINFOHEADER size
  put_le(header, static_cast<std::uint64_t>(width), 4);
  put_le(header, static_cast<std::uint64_t>(height), 4);  // positive: bottom-up rows
  put_le(header, 1, 2);                                   // planes
  put_le(header, 24, 2);                                  // bits per pixel
  put_le(header, 0, 4);                                   // BI_RGB, uncompressed
  put_le(header, image_bytes, 4);
  put_le(header, 2835, 4);  // 72 dpi, in pixels per metre
  put_le(header, 2835, 4);
  put_le(header, 0, 4);  // palette colours
  put_le(header, 0, 4);  // important colours
  write_atomically(path, [&](const Sink& sink) {
    sink(header.data(), header.size());
    std::vector<char> row(row_bytes, 0);
    for (std::int64_t r = height - 1; r >= 0; --r) {
      for (std::int64_t c = 0; c < width; ++c) {
        const Rgb p = pixel(r, c);
        row[3 * c] = static_cast<char>(p.b);
        row[3 * c + 1] = static_cast<char>(p.g);
        row[3 * c + 2] = static_cast<char>(p.r);
      }
      sink(row.data(), row.size());
    }
  });
}

Rgb colour_of(std::uint32_t n, std::uint32_t max) {
  if (n >= max) return {};
  const double t = static_cast<double>(n) / max, s = 1 - t;
  const auto channel = [](double v) { return static_cast<std::uint8_t>(v * 255.0); };
  // Bernstein-polynomial palette: each channel peaks at a different t.
  return {channel(9 * s * t * t * t), channel(15 * s * s * t * t), channel(8.5 * s * s * s * t)};
}

}  // namespace bench::mandelbrot
