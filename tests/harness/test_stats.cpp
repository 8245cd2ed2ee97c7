#include <catch2/catch_test_macros.hpp>

#include "harness/stats.hpp"

TEST_CASE("summarize gives median, min and max", "[stats]") {
  const auto odd = bench::summarize({5, 1, 3});
  CHECK(odd.median == 3);
  CHECK(odd.min == 1);
  CHECK(odd.max == 5);
  CHECK(bench::summarize({4, 1, 2, 3}).median == 2.5);
  CHECK(bench::summarize({}).median == 0);
}
