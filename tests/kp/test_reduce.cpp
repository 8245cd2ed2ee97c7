// kp::reduce on every enabled space: every algorithm the space offers, every
// View shape, sizes around the tile edges; exact where the data make every
// summation order exact, within the rounding bound where they do not.
#include <kp/reduce.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

template <class Space>
std::vector<kp::ReduceAlgorithm> reduce_algorithms() {
  std::vector<kp::ReduceAlgorithm> a = {kp::ReduceAlgorithm::automatic, kp::ReduceAlgorithm::kokkos,
                                        kp::ReduceAlgorithm::vector};
  if (!kp::impl::is_gpu_space<Space>()) a.push_back(kp::ReduceAlgorithm::host_lanes);
  return a;
}

struct MaxOp {
  KOKKOS_INLINE_FUNCTION double operator()(double a, double b) const { return a > b ? a : b; }
};

// A user struct: sum and count at once.
struct SumCount {
  double sum;
  std::int64_t count;
};
struct AddSumCount {
  KOKKOS_INLINE_FUNCTION SumCount operator()(const SumCount& a, const SumCount& b) const {
    return {a.sum + b.sum, a.count + b.count};
  }
};

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp::reduce sums exactly where every order is exact", "[kp][reduce]",
                        Spaces) {
  using Space = TestType;
  for (const std::int64_t n : kEdgeSizes) {
    std::vector<float> f(n);
    std::vector<double> d(n);
    std::vector<std::int32_t> i32(n);
    std::vector<std::int64_t> i64(n);
    double expect = 0;
    std::int64_t expect64 = 0;
    for (std::int64_t i = 0; i < n; ++i) {
      const int v = static_cast<int>(i * 7919 % 13) - 6;  // small integers: exact in any order
      f[i] = float(v);
      d[i] = v;
      i32[i] = v;
      i64[i] = (i % 2 ? -1 : 1) * (std::int64_t{1} << 40) + v;
      expect += v;
      expect64 += i64[i];
    }
    for (const Shape shape : kShapes) {
      const auto fx = to_space<Space>(f, shape);
      const auto dx = to_space<Space>(d, shape);
      const auto ix = to_space<Space>(i32, shape);
      const auto lx = to_space<Space>(i64, shape);
      for (const kp::ReduceAlgorithm a : reduce_algorithms<Space>()) {
        INFO("n " << n << ", " << shape_name(shape) << ", " << kp::name(a));
        CHECK(kp::reduce(Space(), fx, a) == float(expect));
        CHECK(kp::reduce(Space(), dx, a) == expect);
        CHECK(kp::reduce(Space(), ix, a) == static_cast<std::int32_t>(expect));
        CHECK(kp::reduce(Space(), lx, a) == expect64);
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE("kp::reduce of random floats is within the rounding bound", "[kp][reduce]",
                        Spaces) {
  using Space = TestType;
  const std::int64_t n = (1 << 20) + 3;
  std::vector<float> x(n);
  long double exact = 0, magnitude = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    x[i] = float(kp::impl::splitmix64(i) >> 40) / float(1 << 24) - 0.5f;
    exact += x[i];
    magnitude += std::fabs(x[i]);
  }
  const auto view = to_space<Space>(x, Shape::odd_offset);
  for (const kp::ReduceAlgorithm a : reduce_algorithms<Space>()) {
    INFO(kp::name(a));
    const float sum = kp::reduce(Space(), view, a);
    CHECK(std::fabs(sum - exact) <= 16 * std::numeric_limits<float>::epsilon() * magnitude);
  }
}

// host_lanes folds chunks whose size depends on n alone (16384 values for
// the first n below, 32768 for the second) and joins them in order, so a
// float sum has the same bits whatever the host space, its thread count or
// the array's alignment. The data span 2^20 in magnitude: another order of
// the same additions (e.g. one chunk a thread) rounds differently.
TEMPLATE_LIST_TEST_CASE("kp::reduce's host_lanes sums have the same bits on every host space",
                        "[kp][reduce]", Spaces) {
  using Space = TestType;
  if constexpr (!kp::impl::is_gpu_space<Space>()) {
    const std::int64_t n = GENERATE(std::int64_t{5 * 65536 + 777}, std::int64_t{(1 << 23) + 3});
    std::vector<float> x(n);
    for (std::int64_t i = 0; i < n; ++i) {
      x[i] = (float(kp::impl::splitmix64(i) >> 40) / float(1 << 24) - 0.5f) * float(1 << (i % 21));
    }
    const auto contiguous = to_space<Space>(x, Shape::contiguous);
    const auto offset = to_space<Space>(x, Shape::odd_offset);
    const float sum = kp::reduce(Space(), contiguous, kp::ReduceAlgorithm::host_lanes);
    CHECK(kp::reduce(Space(), offset, kp::ReduceAlgorithm::host_lanes) == sum);
#if defined(KOKKOS_ENABLE_SERIAL)
    const auto serial = to_space<Kokkos::Serial>(x, Shape::contiguous);
    INFO(Space::name() << " with " << Space().concurrency() << " threads against Serial");
    CHECK(kp::reduce(Kokkos::Serial(), serial, kp::ReduceAlgorithm::host_lanes) == sum);
#endif
  }
}

TEMPLATE_LIST_TEST_CASE("kp::reduce with a user operation and a user struct", "[kp][reduce]",
                        Spaces) {
  using Space = TestType;
  for (const std::int64_t n : {std::int64_t{0}, std::int64_t{1}, std::int64_t{4097}}) {
    std::vector<double> x(n);
    for (std::int64_t i = 0; i < n; ++i) x[i] = double((i * 31) % 1001) - 500.0;
    if (n > 1) x[n / 2] = INFINITY;
    const double expect = n == 0 ? -INFINITY : (n > 1 ? INFINITY : x[0]);
    for (const Shape shape : kShapes) {
      const auto view = to_space<Space>(x, shape);
      for (const kp::ReduceAlgorithm a : reduce_algorithms<Space>()) {
        INFO("n " << n << ", " << shape_name(shape) << ", " << kp::name(a));
        CHECK(kp::reduce(Space(), view, -INFINITY, MaxOp{}, a) == expect);
      }
    }
  }
  std::vector<SumCount> pairs(3001);
  for (std::size_t i = 0; i < pairs.size(); ++i) pairs[i] = {double(i % 5), 1};
  const auto view = to_space<Space>(pairs, Shape::contiguous);
  for (const kp::ReduceAlgorithm a : reduce_algorithms<Space>()) {
    INFO(kp::name(a));
    const SumCount r = kp::reduce(Space(), view, SumCount{0, 0}, AddSumCount{}, a);
    CHECK(r.sum == 6000.0);
    CHECK(r.count == 3001);
  }
}

TEMPLATE_LIST_TEST_CASE("kp::reduce refuses what the space cannot run", "[kp][reduce]", Spaces) {
  using Space = TestType;
  const auto x = to_space<Space>(std::vector<float>(10, 1.0f), Shape::contiguous);
  if (kp::impl::is_gpu_space<Space>()) {
    CHECK_THROWS_AS(kp::reduce(Space(), x, kp::ReduceAlgorithm::host_lanes), std::invalid_argument);
  }
}
