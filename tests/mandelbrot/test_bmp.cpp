// The BMP writer: header fields, bottom-up rows, padding to 4 bytes, BGR
// order, read back from a file.
#include <catch2/catch_test_macros.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <vector>

#include "mandelbrot/bmp.hpp"

using namespace bench::mandelbrot;

namespace {
std::uint32_t le(const std::vector<unsigned char>& d, std::size_t at, int bytes) {
  std::uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | d[at + i];
  return v;
}
}  // namespace

TEST_CASE("bmp: header and pixels read back", "[mandelbrot]") {
  const auto path = (std::filesystem::temp_directory_path() / "kp_mandelbrot_test.bmp").string();
  const std::int64_t width = 7, height = 3;  // 21 bytes a row, padded to 24
  // Each pixel's colour names its position: r = row, g = column, b = 200.
  write_bmp(path, width, height, [](std::int64_t row, std::int64_t column) {
    return Rgb{static_cast<std::uint8_t>(row), static_cast<std::uint8_t>(column), 200};
  });
  std::ifstream file(path, std::ios::binary);
  const std::vector<unsigned char> d((std::istreambuf_iterator<char>(file)),
                                     std::istreambuf_iterator<char>());
  REQUIRE(bmp_row_bytes(width) == 24);
  REQUIRE(d.size() == 54 + 24 * 3);
  CHECK(d[0] == 'B');
  CHECK(d[1] == 'M');
  CHECK(le(d, 2, 4) == d.size());
  CHECK(le(d, 10, 4) == 54);
  CHECK(le(d, 14, 4) == 40);
  CHECK(le(d, 18, 4) == width);
  CHECK(le(d, 22, 4) == height);
  CHECK(le(d, 26, 2) == 1);
  CHECK(le(d, 28, 2) == 24);
  CHECK(le(d, 30, 4) == 0);
  CHECK(le(d, 34, 4) == 24 * 3);
  for (std::int64_t row = 0; row < height; ++row) {
    const std::size_t start = 54 + 24 * static_cast<std::size_t>(height - 1 - row);  // bottom-up
    for (std::int64_t column = 0; column < width; ++column) {
      INFO("row " << row << " column " << column);
      const std::size_t at = start + 3 * static_cast<std::size_t>(column);
      CHECK(d[at] == 200);                                     // blue
      CHECK(d[at + 1] == static_cast<unsigned char>(column));  // green
      CHECK(d[at + 2] == static_cast<unsigned char>(row));     // red
    }
    for (std::size_t pad = 21; pad < 24; ++pad) CHECK(d[start + pad] == 0);
  }
  std::filesystem::remove(path);
}

TEST_CASE("bmp: unwritable paths and the colour map", "[mandelbrot]") {
  const auto black = [](std::int64_t, std::int64_t) { return Rgb{}; };
  CHECK_THROWS_AS(write_bmp("/nonexistent/dir/x.bmp", 2, 2, black), std::runtime_error);
  CHECK_THROWS_AS(write_bmp("/tmp/kp_never.bmp", 0, 2, black), std::runtime_error);
  const Rgb inside = colour_of(50, 50);
  CHECK((inside.r == 0 && inside.g == 0 && inside.b == 0));
  const Rgb outside = colour_of(10, 50);
  CHECK(outside.r + outside.g + outside.b > 0);
}
