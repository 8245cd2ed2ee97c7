// kp::reduce and kp::transform_reduce with kp::reproducible (issue 57) on
// every enabled space: the correctly rounded sum, checked bit for bit
// against an exact reference computed another way (Shewchuk's partials, as
// Python's math.fsum), for every algorithm, View shape, team count and
// element order. ctest runs this binary with 1, 2 and 3 OpenMP threads.
#include <kp/reduce.hpp>
#include <kp/transform.hpp>

#include <algorithm>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "kp/helpers.hpp"
#include "reduce/exact_reference.hpp"

using namespace kp::test;
using bench::reduce::bits_of;
using bench::reduce::exact_sum;

namespace {

template <class Space>
std::vector<kp::ReduceAlgorithm> algorithms() {
  std::vector<kp::ReduceAlgorithm> a = {kp::ReduceAlgorithm::automatic, kp::ReduceAlgorithm::kokkos,
                                        kp::ReduceAlgorithm::vector};
  if (!kp::impl::is_gpu_space<Space>()) a.push_back(kp::ReduceAlgorithm::host_lanes);
  return a;
}

// kp's reproducible sum of `values` equals `expect` bit for bit, for every
// shape and algorithm, and for the values reversed.
template <class Space, class T>
void check_sum(const std::vector<T>& values, T expect) {
  const std::vector<T> reversed(values.rbegin(), values.rend());
  for (const auto* v : {&values, &reversed}) {
    for (const Shape shape : kShapes) {
      const auto x = to_space<Space>(*v, shape);
      for (const kp::ReduceAlgorithm a : algorithms<Space>()) {
        INFO("n " << v->size() << ", " << shape_name(shape) << ", " << kp::name(a) << ", "
                  << (v == &values ? "forward" : "reversed") << ", " << Space().concurrency()
                  << " threads");
        const T sum = kp::reduce(Space(), x, kp::reproducible, a);
        INFO("sum " << sum << " expected " << expect);
        CHECK(bits_of(sum) == bits_of(expect));
      }
    }
  }
}

template <class Space, class T>
void check_exact(const std::vector<T>& values) {
  check_sum<Space, T>(values, exact_sum(values));
}

// Random values of T with exponents uniform in [lowest, highest] (subnormals
// below the normal range), random signs and significands.
template <class T>
std::vector<T> spread_values(std::int64_t n, int lowest, int highest, std::uint64_t seed) {
  std::vector<T> values(n);
  for (std::int64_t i = 0; i < n; ++i) {
    const std::uint64_t r = kp::impl::splitmix64(seed + static_cast<std::uint64_t>(i));
    const int exponent =
        lowest + static_cast<int>(r % static_cast<std::uint64_t>(highest - lowest));
    const T significand = static_cast<T>(1.0 + double(r >> 12) * 0x1.0p-52);
    const T value = std::ldexp(significand, exponent);
    values[i] = (r >> 11) & 1 ? -value : value;
  }
  return values;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp reproducible sums cancel exactly", "[kp][reproducible]", Spaces) {
  using Space = TestType;
  check_sum<Space, double>({1e30, 1, -1e30}, 1.0);
  check_sum<Space, float>({1e30f, 1, -1e30f}, 1.0f);
  check_sum<Space, double>({DBL_MAX, DBL_MAX, -DBL_MAX}, DBL_MAX);  // no partial overflows
  check_sum<Space, double>({0x1p-1074, 1e300, -1e300}, 0x1p-1074);
  check_sum<Space, float>({0x1p-149f, 3e38f, -3e38f, 0x1p-149f}, 0x1p-148f);
}

TEMPLATE_LIST_TEST_CASE("kp reproducible sums round to nearest, ties to even", "[kp][reproducible]",
                        Spaces) {
  using Space = TestType;
  const double u = 0x1p-53;                                               // half an ulp of 1
  check_sum<Space, double>({1.0, u}, 1.0);                                // tie, down to even
  check_sum<Space, double>({1.0 + 2 * u, u}, 1.0 + 4 * u);                // tie, up to even
  check_sum<Space, double>({-1.0 - 2 * u, -u}, -1.0 - 4 * u);             // negative tie
  check_sum<Space, double>({1.0, u, 0x1p-1074}, 1.0 + 2 * u);             // above the tie
  check_sum<Space, double>({1.0, u, -0x1p-1074}, 1.0);                    // below the tie
  check_sum<Space, float>({1.0f, 0x1p-24f}, 1.0f);                        // float tie, down
  check_sum<Space, float>({1.0f + 0x1p-23f, 0x1p-24f}, 1.0f + 0x1p-22f);  // float tie, up
  // Subnormal results: exact (their ulp is the accumulator's unit).
  check_sum<Space, double>({0x1p-1022, -0x1p-1074}, 0x1p-1022 - 0x1p-1074);
}

TEMPLATE_LIST_TEST_CASE("kp reproducible sums overflow only when the exact sum rounds past max",
                        "[kp][reproducible]", Spaces) {
  using Space = TestType;
  const double half_ulp = 0x1p970;  // half of DBL_MAX's ulp
  check_sum<Space, double>({DBL_MAX, DBL_MAX}, INFINITY);
  check_sum<Space, double>({-DBL_MAX, -DBL_MAX, 1.0}, -INFINITY);
  check_sum<Space, double>({DBL_MAX, half_ulp}, INFINITY);  // the tie rounds to even: 2^1024
  check_sum<Space, double>({DBL_MAX, half_ulp, -0x1p900}, DBL_MAX);
  check_sum<Space, float>({FLT_MAX, 0x1p103f}, INFINITY);
  check_sum<Space, float>({FLT_MAX, 0x1p103f, -0x1p80f}, FLT_MAX);
  check_sum<Space, float>({-FLT_MAX, -FLT_MAX, FLT_MAX}, -FLT_MAX);
}

TEMPLATE_LIST_TEST_CASE("kp reproducible sums of NaN, infinities and zeros", "[kp][reproducible]",
                        Spaces) {
  using Space = TestType;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  check_sum<Space, double>({1.0, INFINITY, -5.0}, INFINITY);
  check_sum<Space, double>({-INFINITY, 1.0, -INFINITY}, -INFINITY);
  check_sum<Space, double>({INFINITY, -INFINITY}, nan);
  check_sum<Space, double>({1.0, -nan, 2.0}, nan);  // the canonical quiet NaN
  check_sum<Space, float>({INFINITY, 3.0f, -INFINITY}, std::numeric_limits<float>::quiet_NaN());
  check_sum<Space, double>({-0.0}, -0.0);
  check_sum<Space, double>({-0.0, -0.0, -0.0}, -0.0);
  check_sum<Space, double>({-0.0, 0.0}, 0.0);
  check_sum<Space, double>({1.0, -1.0, -0.0}, 0.0);
  check_sum<Space, float>({-0.0f, -0.0f}, -0.0f);
  check_sum<Space, float>({2.5f, -2.5f}, 0.0f);
  check_sum<Space, double>({}, 0.0);
  check_sum<Space, float>({}, 0.0f);
}

TEMPLATE_LIST_TEST_CASE("kp reproducible sums match the exact reference", "[kp][reproducible]",
                        Spaces) {
  using Space = TestType;
  for (const std::int64_t n : {std::int64_t{33}, std::int64_t{4097}, std::int64_t{200003}}) {
    // The whole exponent range (partials of the reference stay finite).
    check_exact<Space>(spread_values<double>(n, -1080, 1000, 1));
    check_exact<Space>(spread_values<float>(n, -152, 100, 2));
    // Many subnormals.
    check_exact<Space>(spread_values<double>(n, -1090, -1020, 3));
    check_exact<Space>(spread_values<float>(n, -160, -120, 4));
    // A narrow range, where plain sums round the most.
    check_exact<Space>(spread_values<double>(n, -3, 3, 5));
    check_exact<Space>(spread_values<float>(n, -3, 3, 6));
  }
}

namespace {

struct Square {
  KOKKOS_INLINE_FUNCTION double operator()(float x) const { return double(x) * double(x); }
};

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp::transform_reduce with kp::reproducible", "[kp][reproducible]",
                        Spaces) {
  using Space = TestType;
  const std::vector<float> values = spread_values<float>(100003, -60, 60, 7);
  std::vector<double> squares;
  for (const float v : values) squares.push_back(Square{}(v));
  const double expect = exact_sum(squares);
  for (const Shape shape : kShapes) {
    const auto x = to_space<Space>(values, shape);
    for (const kp::ReduceAlgorithm a : algorithms<Space>()) {
      INFO(shape_name(shape) << ", " << kp::name(a));
      const double sum = kp::transform_reduce(Space(), x, kp::reproducible, Square{}, a);
      CHECK(bits_of(sum) == bits_of(expect));
    }
  }
  const auto x = to_space<Space>(std::vector<float>{}, Shape::contiguous);
  CHECK(bits_of(kp::transform_reduce(Space(), x, kp::reproducible, Square{})) == 0u);
}

// The vector reduction with 1 to 7 teams (on a host space, teams of one
// thread) and with a tail of units taken at run time: the same bits.
TEMPLATE_LIST_TEST_CASE("kp reproducible sums by any number of teams", "[kp][reproducible]",
                        Spaces) {
  using Space = TestType;
  using Op = kp::impl::ExactSumOp<double>;
  const std::vector<double> values = spread_values<double>(300007, -200, 200, 8);
  const double expect = exact_sum(values);
  const auto host = Kokkos::View<const double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(
      values.data(), values.size());
  const kp::impl::View<double*, Space> storage("storage", values.size());
  Kokkos::deep_copy(storage, host);
  const kp::impl::View<const double*, Space> x = storage;
  const kp::impl::View<Op::value_type, Space> result("result");
  for (const int league : {1, 2, 3, 5, 7}) {
    for (const std::int64_t tail_from : {kp::impl::kTailFromPacksOn<Space>, std::int64_t{0}}) {
      INFO("league " << league << ", tail from " << tail_from);
      kp::impl::make_vector_reduce<Space, Op>(x, result, league, tail_from)();
      Op::value_type acc;
      Kokkos::deep_copy(Kokkos::View<Op::value_type, Kokkos::HostSpace>(&acc), result);
      CHECK(bits_of(kp::impl::round_exact(acc)) == bits_of(expect));
    }
  }
}
