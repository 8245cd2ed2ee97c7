// Every mandelbrot variant on every enabled space reproduces the host
// reference bit for bit (so the checksum is the same on every backend), for
// tiny and odd image shapes, several depths and regions.
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <string>
#include <vector>

#include "common/run_variants.hpp"
#include "common/spaces.hpp"
#include "harness/usage.hpp"
#include "mandelbrot/lanes.hpp"
#include "mandelbrot/mandelbrot_app.hpp"

using namespace kp;
using namespace bench;
using namespace bench::mandelbrot;

TEMPLATE_LIST_TEST_CASE("mandelbrot: every variant equals the reference", "[mandelbrot]",
                        bench::test::Spaces) {
  const auto shape = GENERATE(std::pair{1, 1}, std::pair{7, 3}, std::pair{3, 7}, std::pair{64, 64},
                              std::pair{257, 31});
  const std::uint64_t iterations = GENERATE(1, 50, 400);
  // The full view, and a deep zoom at the edge of the set (seahorse valley).
  const std::string region = GENERATE("-2,-1.5,1,1.5", "-0.7454,0.1130,-0.7452,0.1132");
  INFO(shape.first << "x" << shape.second << " iterations " << iterations << " " << region);
  const Frame frame = make_frame(shape.first, shape.second, iterations, region);
  const auto reference = reference_image(frame);
  bench::test::require_all_pass(make_space_case<TestType>(frame, reference, nullptr));
}

TEMPLATE_LIST_TEST_CASE("mandelbrot: an unwritten or wrong pixel fails the check", "[mandelbrot]",
                        bench::test::Spaces) {
  const Frame frame = make_frame(7, 3, 50, "-2,-1.5,1,1.5");
  auto reference = reference_image(frame);
  const SpaceCase space_case = make_space_case<TestType>(frame, reference, nullptr);
  bench::test::require_poison_detected(space_case);
  reference[20] += 1;  // the last pixel: a check that stops early misses it
  for (const Variant& variant : space_case.variants) {
    INFO("variant " << variant.name);
    const Check check = bench::test::run_and_check(variant);
    INFO(check.detail);
    CHECK_FALSE(check.pass);
    CHECK(check.detail.find("row 2, col 6") != std::string::npos);
  }
}

TEST_CASE("mandelbrot: escape counts of known points", "[mandelbrot]") {
  // A single pixel is sampled at the centre of the region.
  const auto count_at = [](double x, double y, std::uint64_t max) {
    const Frame f = make_frame(1, 1, max,
                               std::to_string(x - 0.5) + "," + std::to_string(y - 0.5) + "," +
                                   std::to_string(x + 0.5) + "," + std::to_string(y + 0.5));
    return escape_count(f, 0, 0);
  };
  CHECK(count_at(0, 0, 100) == 100);   // in the set
  CHECK(count_at(-1, 0, 100) == 100);  // period-2 bulb
  CHECK(count_at(2, 2, 100) == 1);     // z1 = c, |c|^2 = 8
  CHECK(count_at(1, 0, 100) == 2);     // z: 0, 1, 2 and |2|^2 = 4 is not < 4: stop
  CHECK(count_at(0.25, 0, 7) == 7);    // cusp, inside: stops at max
}

TEST_CASE("mandelbrot: FNV-1a checksum of known bytes", "[mandelbrot]") {
  CHECK(fnv1a(nullptr, 0) == 0xcbf29ce484222325ull);
  const Iterations abcd = 0x64636261;  // "abcd", least significant byte first
  CHECK(fnv1a(&abcd, 1) == 0xfc179f83ee0724ddull);
}

TEST_CASE("mandelbrot: bad frames are usage errors", "[mandelbrot]") {
  const std::string full = "-2,-1.5,1,1.5";
  CHECK_THROWS_AS(make_frame(0, 5, 50, full), UsageError);
  CHECK_THROWS_AS(make_frame(5, 0, 50, full), UsageError);
  CHECK_THROWS_AS(make_frame(5, 5, 0, full), UsageError);
  CHECK_THROWS_AS(make_frame(5, 5, 50, "1,0,0,1"), UsageError);
  CHECK_THROWS_AS(make_frame(5, 5, 50, "0,0,0,1"), UsageError);
  CHECK_THROWS_AS(make_frame(5, 5, 50, "0,1,1,1"), UsageError);
  CHECK_THROWS_AS(make_frame(5, 5, 50, "0,0,1"), UsageError);
  CHECK_THROWS_AS(make_frame(5, 5, 50, "0,0,1,1,2"), UsageError);
  CHECK_THROWS_AS(make_frame(5, 5, 50, "0,0,inf,1"), UsageError);
  CHECK_THROWS_AS(make_frame(5, 5, 50, "a,0,1,1"), UsageError);
  CHECK_NOTHROW(make_frame(5, 5, 50, "0,0,1e-9,1e-9"));
}

// Both lane forms, whichever the CPU would pick, on widths around their
// blocks (8 and 32 lanes) and at the edge of the set where a fused
// multiply-add would change counts.
TEST_CASE("mandelbrot: every lane form equals escape_count", "[mandelbrot]") {
  const LaneForm form = GENERATE(LaneForm::narrow, LaneForm::wide);
  const std::int64_t width = GENERATE(1, 7, 8, 9, 31, 32, 33, 65);
  const std::string region = GENERATE("-2,-1.5,1,1.5", "-0.7454,0.1130,-0.7452,0.1132");
  INFO((form == LaneForm::wide ? "wide" : "narrow") << " width " << width << " " << region);
  const Frame frame = make_frame(width, 5, 500, region);
  std::vector<Iterations> row(width + 1, 12345);  // one past the row: must stay as it is
  for (std::int64_t r = 0; r < frame.height; ++r) {
    escape_row(frame, r, row.data(), form);
    for (std::int64_t c = 0; c < width; ++c) {
      INFO("row " << r << " column " << c);
      REQUIRE(row[c] == escape_count(frame, r, c));
    }
    REQUIRE(row[width] == 12345);
  }
}
