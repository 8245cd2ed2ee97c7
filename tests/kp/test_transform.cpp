// kp::transform_reduce, kp::transform_inclusive_scan and
// kp::transform_exclusive_scan on every enabled space: the functor applied
// on load, into another type (int32 -> int64 squares, int32 -> affine maps
// composed in order) and into the same type, against the sequential answer.
#include <kp/ops.hpp>
#include <kp/transform.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <vector>

#include "kp/affine.hpp"
#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

struct Square {
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::int32_t x) const {
    return std::int64_t{x} * x;
  }
};

using Map = Affine16;  // op(f, g) = g after f (not commutative)
using Compose = ComposeOf<Map>;
// The map of one input value.
struct ToMap {
  KOKKOS_INLINE_FUNCTION Map operator()(std::int32_t x) const {
    const std::uint64_t v = static_cast<std::uint64_t>(x) + 1000;
    return Map{(v * 7919) | 1, v * 104729};
  }
};
struct Negate {
  KOKKOS_INLINE_FUNCTION std::int32_t operator()(std::int32_t x) const { return -x; }
};

template <class T, class X, class Op, class F>
std::vector<T> sequential(const std::vector<X>& x, bool inclusive, const T* init, Op op, F f) {
  std::vector<T> out(x.size());
  bool any = init != nullptr;
  T run = any ? *init : T{};
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (!inclusive) out[i] = run;
    run = any ? op(run, f(x[i])) : f(x[i]);
    any = true;
    if (inclusive) out[i] = run;
  }
  return out;
}

template <class Space, class T, class Op, class F>
void check_transform_scans(const std::vector<std::int32_t>& x, const T& init, Op op, F f) {
  const std::int64_t n = static_cast<std::int64_t>(x.size());
  const auto inclusive = sequential<T>(x, true, nullptr, op, f);
  const auto exclusive = sequential<T>(x, false, &init, op, f);
  for (const Shape shape : kShapes) {
    for (const kp::ScanAlgorithm a : scan_algorithms<Space>()) {
      INFO("n " << n << ", " << shape_name(shape) << ", " << kp::name(a));
      const auto in = to_space<Space>(x, shape);
      auto out = to_space<Space>(std::vector<T>(n), shape);
      kp::transform_inclusive_scan(Space(), in, out, op, f, a);
      CHECK(to_host<Space>(out) == inclusive);
      kp::transform_exclusive_scan(Space(), in, out, init, op, f, a);
      CHECK(to_host<Space>(out) == exclusive);
    }
  }
}

std::vector<std::int32_t> values(std::int64_t n) {
  std::vector<std::int32_t> x(n);
  for (std::int64_t i = 0; i < n; ++i) x[i] = static_cast<std::int32_t>((i * 7919) % 20011) - 10000;
  return x;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp transform_reduce applies the functor on load", "[kp][transform]",
                        Spaces) {
  using Space = TestType;
  std::vector<kp::ReduceAlgorithm> algorithms = {kp::ReduceAlgorithm::automatic,
                                                 kp::ReduceAlgorithm::kokkos};
  algorithms.push_back(kp::impl::is_gpu_space<Space>() ? kp::ReduceAlgorithm::vector
                                                       : kp::ReduceAlgorithm::host_lanes);
  for (const std::int64_t n : kEdgeSizes) {
    const auto x = values(n);
    std::int64_t want = 0;
    for (const std::int32_t v : x) want += std::int64_t{v} * v;
    for (const Shape shape : kShapes) {
      for (const kp::ReduceAlgorithm a : algorithms) {
        INFO("n " << n << ", " << shape_name(shape) << ", " << kp::name(a));
        const auto in = to_space<Space>(x, shape);
        CHECK(kp::transform_reduce(Space(), in, std::int64_t{0}, kp::plus<std::int64_t>{}, Square{},
                                   a) == want);
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE("kp transform scans apply the functor on load, in order", "[kp][transform]",
                        Spaces) {
  using Space = TestType;
  constexpr std::int64_t tile = kp::impl::HostScanTuning::lookback_tile;
  std::vector<std::int64_t> sizes = kEdgeSizes;
  sizes.push_back(2 * tile + 3);
  for (const std::int64_t n : sizes) {
    const auto x = values(n);
    check_transform_scans<Space>(x, Map{3, 5}, Compose{}, ToMap{});
    check_transform_scans<Space>(x, std::int32_t{7}, kp::plus<std::int32_t>{}, Negate{});
  }
}
