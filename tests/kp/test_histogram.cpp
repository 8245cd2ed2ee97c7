// kp::histogram on every enabled space: exact counts against a sequential
// count, with clamping of extreme values (of the type and of int16), int32/int64 values,
// uint32/uint64 counts, bin counts from 1 to past a GPU team's shared memory.
#include <kp/histogram.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

template <class Count, class Value>
std::vector<Count> sequential(const std::vector<Value>& x, std::int64_t bins) {
  std::vector<Count> counts(bins, 0);
  for (const Value v : x) ++counts[v < 0 ? 0 : (v >= bins ? bins - 1 : v)];
  return counts;
}

template <class Space>
std::vector<kp::HistogramAlgorithm> algorithms() {
  if (kp::impl::is_gpu_space<Space>()) {
    return {kp::HistogramAlgorithm::automatic, kp::HistogramAlgorithm::global_atomics,
            kp::HistogramAlgorithm::team_scratch};
  }
  // Hosts run the GPU's team_scratch too (teams of one thread), so that CI
  // covers its batched loads.
  return {kp::HistogramAlgorithm::automatic, kp::HistogramAlgorithm::global_atomics,
          kp::HistogramAlgorithm::private_bins, kp::HistogramAlgorithm::team_scratch};
}

template <class Space, class Value, class Count>
void check_histogram(std::int64_t n, std::int64_t bins) {
  // 11 values in 32 are edges, scattered over each block: both ends of the
  // value type and of int16 (the host's SSE2 clamp saturates int32 to
  // int16), -1, bins - 1 and bins; the others fall in and just past the bins.
  const Value edges[] = {std::numeric_limits<Value>::min(),
                         std::numeric_limits<Value>::max(),
                         -1,
                         static_cast<Value>(bins),
                         static_cast<Value>(bins - 1),
                         32767,
                         32768,
                         -32768,
                         -32769,
                         65535,
                         65536};
  constexpr int kEdges = sizeof edges / sizeof edges[0];
  std::vector<Value> x(n);
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t k = (i * 7) % 32;
    x[i] = k < kEdges ? edges[k] : static_cast<Value>((i * 2654435761u) % (bins + 3)) - 1;
  }
  const auto expect = sequential<Count>(x, bins);
  for (const Shape shape : kShapes) {
    const auto values = to_space<Space>(x, shape);
    for (const kp::HistogramAlgorithm a : algorithms<Space>()) {
      const std::size_t scratch = sizeof(Count) * bins;
      if (a == kp::HistogramAlgorithm::team_scratch &&
          scratch > static_cast<std::size_t>(Kokkos::TeamPolicy<Space>::scratch_size_max(0))) {
        continue;
      }
      INFO("n " << n << ", bins " << bins << ", " << shape_name(shape) << ", " << kp::name(a));
      auto counts = to_space<Space>(std::vector<Count>(bins, Count(12345)), shape);
      kp::histogram(Space(), values, counts, a);
      CHECK(to_host<Space>(counts) == expect);
    }
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp::histogram counts exactly, clamping", "[kp][histogram]", Spaces) {
  using Space = TestType;
  // Host rows (uint32 below 2^32 values): 4 sub-histograms deep up to 1024
  // bins, 1 past that; full blocks of 64 values and a last one of 1 to 63.
  for (const std::int64_t bins : {1, 7, 256, 1024, 2048, 4096, 65536}) {
    for (const std::int64_t n : {0, 1, 33, 64, 129, 4097, 100003}) {
      check_histogram<Space, std::int32_t, std::uint32_t>(n, bins);
      check_histogram<Space, std::int64_t, std::uint64_t>(n, bins);
    }
  }
  // Around the top of the host's 16-bit clamp (bins - 1 < 2^15).
  for (const std::int64_t bins : {32767, 32768, 32769}) {
    check_histogram<Space, std::int32_t, std::uint32_t>(4097, bins);
  }
  check_histogram<Space, std::int32_t, std::uint64_t>(1 << 20, 256);
  check_histogram<Space, std::int64_t, std::uint32_t>(1 << 20, 100000);
}

TEST_CASE("kp::histogram host rows: every depth is reached by the bins tested", "[kp][histogram]") {
  using kp::impl::histogram_depth;
  CHECK(histogram_depth(256, 4) == 4);
  CHECK(histogram_depth(1024, 4) == 4);
  CHECK(histogram_depth(1024, 8) == 1);
  CHECK(histogram_depth(2048, 4) == 1);
}

TEMPLATE_LIST_TEST_CASE("kp::histogram with no bins", "[kp][histogram]", Spaces) {
  using Space = TestType;
  const auto values = to_space<Space>(std::vector<std::int32_t>(5, 1), Shape::contiguous);
  const auto none = to_space<Space>(std::vector<std::uint32_t>{}, Shape::contiguous);
  CHECK_THROWS_AS(kp::histogram(Space(), values, none), std::invalid_argument);
  const auto empty = to_space<Space>(std::vector<std::int32_t>{}, Shape::contiguous);
  CHECK_NOTHROW(kp::histogram(Space(), empty, none));
}

TEMPLATE_LIST_TEST_CASE("kp::histogram refuses what the space cannot run", "[kp][histogram]",
                        Spaces) {
  using Space = TestType;
  const auto values = to_space<Space>(std::vector<std::int32_t>(5, 1), Shape::contiguous);
  const auto counts = to_space<Space>(std::vector<std::uint32_t>(4), Shape::contiguous);
  if (kp::impl::is_gpu_space<Space>()) {
    CHECK_THROWS_AS(kp::histogram(Space(), values, counts, kp::HistogramAlgorithm::private_bins),
                    std::invalid_argument);
  }
  if (!kp::impl::is_gpu_space<Space>()) {
    // Cluster histograms need a Hopper GPU.
    CHECK_THROWS_AS(kp::histogram(Space(), values, counts, kp::HistogramAlgorithm::cluster),
                    std::invalid_argument);
  }
}

TEMPLATE_LIST_TEST_CASE("kp::histogram of no values zeroes the counts, whatever the algorithm",
                        "[kp][histogram]", Spaces) {
  using Space = TestType;
  const auto empty = to_space<Space>(std::vector<std::int32_t>{}, Shape::contiguous);
  // More bins than a team's scratch holds, so that team_scratch would refuse them.
  const std::int64_t bins = 1 << 20;
  for (const auto algorithm :
       {kp::HistogramAlgorithm::automatic, kp::HistogramAlgorithm::team_scratch,
        kp::HistogramAlgorithm::cluster, kp::HistogramAlgorithm::private_bins,
        kp::HistogramAlgorithm::global_atomics}) {
    CAPTURE(kp::name(algorithm));
    const auto counts = to_space<Space>(std::vector<std::uint32_t>(bins, 7), Shape::contiguous);
    REQUIRE_NOTHROW(kp::histogram(Space(), empty, counts, algorithm));
    CHECK(to_host<Space>(counts) == std::vector<std::uint32_t>(bins, 0));
  }
}
