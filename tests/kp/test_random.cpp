// kp/random.hpp, the counter-based generator of the library's draws: draw i
// of a stream is SplitMix64 of a counter, computed alike on every enabled
// space, and its unit interval values lie in [0, 1).
#include <kp/random.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <vector>

#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

template <class Space>
struct Draws {
  Kokkos::View<std::uint64_t*, typename Space::memory_space> bits;
  Kokkos::View<double*, typename Space::memory_space> units;
  std::uint64_t start;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    bits(i) = kp::random_bits(start, static_cast<std::uint64_t>(i));
    units(i) = kp::unit_interval(bits(i));
  }
};

}  // namespace

TEST_CASE("kp::splitmix64 is SplitMix64's output function", "[kp][random]") {
  // The first outputs of SplitMix64 seeded with 0 (the reference generator
  // steps its state by the golden gamma before mixing).
  CHECK(kp::splitmix64(0) == 0xe220a8397b1dcdafull);
  CHECK(kp::splitmix64(0x9e3779b97f4a7c15ull) == 0x6e789e6aa1b965f4ull);
  CHECK(kp::stream_start(42) == kp::splitmix64(42));
  CHECK(kp::unit_interval(0) == 0.0);
  CHECK(kp::unit_interval(~std::uint64_t{0}) < 1.0);
}

TEMPLATE_LIST_TEST_CASE("kp::random_bits gives the same draws on every space", "[kp][random]",
                        Spaces) {
  using Space = TestType;
  const std::int64_t n = 10000;
  const std::uint64_t start = kp::stream_start(7);
  using Memory = typename Space::memory_space;
  const Kokkos::View<std::uint64_t*, Memory> bits("bits", n);
  const Kokkos::View<double*, Memory> units("units", n);
  Kokkos::parallel_for(Kokkos::RangePolicy<Space>(0, n), Draws<Space>{bits, units, start});
  Kokkos::fence();
  const auto b = to_host<Space>(bits);
  const auto u = to_host<Space>(units);
  double mean = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    CHECK(b[i] == kp::splitmix64(start + static_cast<std::uint64_t>(i) * 0x9e3779b97f4a7c15ull));
    CHECK(u[i] >= 0.0);
    CHECK(u[i] < 1.0);
    mean += u[i] / static_cast<double>(n);
  }
  CHECK(mean > 0.48);
  CHECK(mean < 0.52);
}
