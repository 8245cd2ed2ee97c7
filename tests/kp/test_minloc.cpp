// kp::minloc / kp::maxloc on every enabled space: the FIRST extremum, ties,
// signed zeros, infinities, NaN, extreme integers, empty input.
#include <kp/minloc.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

template <class Space>
std::vector<kp::ReduceAlgorithm> algorithms() {
  std::vector<kp::ReduceAlgorithm> a = {kp::ReduceAlgorithm::automatic, kp::ReduceAlgorithm::kokkos,
                                        kp::ReduceAlgorithm::vector};
  if (!kp::impl::is_gpu_space<Space>()) a.push_back(kp::ReduceAlgorithm::host_lanes);
  return a;
}

bool is_nan(double x) {
  return x != x;
}

// The sequential first extremum, NaN first (NumPy's argmin/argmax).
template <bool kMax, class T>
std::int64_t first_extremum(const std::vector<T>& x) {
  std::int64_t best = -1;
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(x.size()); ++i) {
    if (best < 0) {
      best = i;
    } else if (is_nan(double(x[best]))) {
      break;
    } else if (is_nan(double(x[i])) || (kMax ? x[i] > x[best] : x[i] < x[best])) {
      best = i;
    }
  }
  return best;
}

template <class Space, class T>
void check_both(const std::vector<T>& x, const char* what) {
  for (const Shape shape : kShapes) {
    const auto view = to_space<Space>(x, shape);
    for (const kp::ReduceAlgorithm a : algorithms<Space>()) {
      INFO(what << ", n " << x.size() << ", " << shape_name(shape) << ", " << kp::name(a));
      const auto lo = kp::minloc(Space(), view, a);
      const auto hi = kp::maxloc(Space(), view, a);
      const std::int64_t lo_i = first_extremum<false>(x), hi_i = first_extremum<true>(x);
      CHECK(lo.index == lo_i);
      CHECK(hi.index == hi_i);
      if (lo_i >= 0) {
        CHECK((lo.value == x[lo_i] || (is_nan(double(lo.value)) && is_nan(double(x[lo_i])))));
        CHECK((hi.value == x[hi_i] || (is_nan(double(hi.value)) && is_nan(double(x[hi_i])))));
      }
    }
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp::minloc and maxloc find the first extremum", "[kp][minloc]", Spaces) {
  using Space = TestType;
  for (const std::int64_t n : kEdgeSizes) {
    std::vector<float> ties(n), zeros(n);
    std::vector<std::int64_t> extremes(n);
    std::vector<std::int32_t> small(n);
    for (std::int64_t i = 0; i < n; ++i) {
      ties[i] = float(i * 7919 % 5);  // minima 0 and maxima 4 repeat
      zeros[i] = i % 3 == 0 ? -0.0f : (i % 3 == 1 ? 0.0f : 1.0f);
      extremes[i] = i % 4 == 0 ? std::numeric_limits<std::int64_t>::min()
                               : (i % 4 == 1 ? std::numeric_limits<std::int64_t>::max() : i);
      small[i] = static_cast<std::int32_t>((i * 2654435761u) % 1000);
    }
    check_both<Space>(ties, "ties");
    check_both<Space>(zeros, "signed zeros");
    check_both<Space>(extremes, "extreme int64");
    check_both<Space>(small, "int32");
    if (n > 0) {
      std::vector<double> inf(n, INFINITY);
      check_both<Space>(inf, "all +inf");
      std::vector<double> nan = std::vector<double>(n, 1.0);
      nan[n / 2] = NAN;
      nan[n - 1] = NAN;
      check_both<Space>(nan, "NaN");
    }
  }
}

// The host path scans blocks of kp::impl::HostMinlocTuning::block values for their
// extreme first and looks again only at a block that beats the best so far:
// arrays of a few blocks where every block improves, where blocks only tie
// (the first index must stay), where +inf and -inf together (no NaN) make
// the block's NaN probe fire, and where the one NaN is in the last block.
TEMPLATE_LIST_TEST_CASE("kp::minloc and maxloc across the host blocks", "[kp][minloc]", Spaces) {
  using Space = TestType;
  const std::int64_t n = 3 * kp::impl::HostMinlocTuning::block + 5;
  std::vector<float> descending(n), ties(n), infinities(n, 0.0f);
  std::vector<double> late_nan(n);
  for (std::int64_t i = 0; i < n; ++i) {
    descending[i] = float(n - i);
    ties[i] = float(i % 1000) - 500.0f;  // -500 and 499 in every block
    late_nan[i] = double(i % 77);
  }
  infinities[kp::impl::HostMinlocTuning::block + 3] = INFINITY;
  infinities[kp::impl::HostMinlocTuning::block + 3 + 128] = -INFINITY;  // same SIMD lane: inf - inf
  infinities[2 * kp::impl::HostMinlocTuning::block + 1] = -INFINITY;
  late_nan[n - 7] = NAN;
  check_both<Space>(descending, "descending");
  check_both<Space>(ties, "ties in every block");
  check_both<Space>(infinities, "+inf and -inf");
  check_both<Space>(late_nan, "NaN in the last block");
  // Every element size the host packs take (16 / sizeof(T) lanes a pack).
  std::vector<std::int8_t> bytes(n);
  std::vector<std::uint16_t> shorts(n);
  std::vector<std::int64_t> extremes(n);
  std::vector<float> zeros(n);
  for (std::int64_t i = 0; i < n; ++i) {
    bytes[i] = static_cast<std::int8_t>((i * 37) % 256 - 128);  // -128 and 127 in every block
    shorts[i] = static_cast<std::uint16_t>(65535 - i % 65536);  // one 0, in the second block
    extremes[i] = i % 5 == 0 ? std::numeric_limits<std::int64_t>::min() + 1 : i;
    zeros[i] = i % 3 == 0 ? 0.0f : (i % 3 == 1 ? -0.0f : 2.0f);
  }
  extremes[2 * kp::impl::HostMinlocTuning::block + 9] = std::numeric_limits<std::int64_t>::min();
  extremes[kp::impl::HostMinlocTuning::block + 4] = std::numeric_limits<std::int64_t>::max();
  check_both<Space>(bytes, "int8 ties in every block");
  check_both<Space>(shorts, "uint16");
  check_both<Space>(extremes, "extreme int64 in later blocks");
  check_both<Space>(zeros, "signed zeros in every block");
}

// Host threads fold chunks of HostMinlocTuning::chunk values (fewer blocks where a
// thread would get less than a chunk: the test above then has chunks of one
// block) as they come free and the chunks join in index order: the first
// extremum or NaN must win whichever thread folded its chunk and when.
TEMPLATE_LIST_TEST_CASE("kp::minloc and maxloc across the host chunks", "[kp][minloc]", Spaces) {
  using Space = TestType;
  const std::int64_t chunk = kp::impl::HostMinlocTuning::chunk;
  const std::int64_t n = 3 * chunk + 11;
  std::vector<float> ties(n), nans(n), last(n);
  for (std::int64_t i = 0; i < n; ++i) {
    ties[i] = float((i * 7) % 1001) - 500.0f;  // -500 and 500 in every chunk
    nans[i] = float(i % 101);
    last[i] = float(i % 4099);
  }
  nans[2 * chunk + 17] = NAN;  // the first NaN, in the third chunk; another in the fourth
  nans[3 * chunk + 2] = NAN;
  last[3 * chunk + 10] = -1.0f;  // the minimum in the short last chunk
  last[chunk - 1] = 5000.0f;     // the maximum at the end of the first
  check_both<Space>(ties, "ties in every chunk");
  check_both<Space>(nans, "NaN in two chunks");
  check_both<Space>(last, "extremes at chunk ends");
}

TEMPLATE_LIST_TEST_CASE("kp::minloc of empty input", "[kp][minloc]", Spaces) {
  using Space = TestType;
  const auto view = to_space<Space>(std::vector<float>{}, Shape::contiguous);
  const auto lo = kp::minloc(Space(), view);
  CHECK(lo.index == -1);
  CHECK(lo.value == INFINITY);
  const auto hi =
      kp::maxloc(Space(), to_space<Space>(std::vector<std::int32_t>{}, Shape::contiguous));
  CHECK(hi.index == -1);
  CHECK(hi.value == std::numeric_limits<std::int32_t>::lowest());
}

TEMPLATE_LIST_TEST_CASE("kp::minloc into a View, empty then not", "[kp][minloc]", Spaces) {
  using Space = TestType;
  const Space space;
  Kokkos::View<kp::ValueIndex<double>, typename Space::memory_space> result("result");
  const auto empty = to_space<Space>(std::vector<double>{}, Shape::contiguous);
  kp::minloc(space, empty, result);
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), result);
  CHECK(host().index == -1);
  CHECK(host().value == INFINITY);
  const auto x = to_space<Space>(std::vector<double>{3.0, -1.0, 2.0, -1.0}, Shape::odd_offset);
  kp::maxloc(space, x, result);
  Kokkos::deep_copy(host, result);
  CHECK(host().index == 0);
  CHECK(host().value == 3.0);
}
