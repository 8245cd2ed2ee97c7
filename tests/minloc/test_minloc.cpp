// Every minloc variant on every enabled space, for min and max, against the
// sequential first extremum: edge sizes, ties, signed zeros, infinities, the
// NaN and empty-input policies, and proof that the check can fail.
#include <algorithm>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/run_variants.hpp"
#include "common/spaces.hpp"
#include "harness/usage.hpp"
#include "minloc/minloc_app.hpp"
#include "minloc/packing.hpp"

using namespace kp;
using namespace bench;
using minloc::Op;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

std::size_t count_of(const minloc::Input& input, float value) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < input.values.extent(0); ++i) count += input.values(i) == value;
  return count;
}

// kokkos-minloc is Kokkos::MinLoc/MaxLoc as shipped, and its check is the
// same strict one. Two known departures from "the first extremum":
//  - its identity is +/-FLT_MAX, so an extremum of +/-inf (or FLT_MAX itself)
//    never replaces it: the result is FLT_MAX at index LONG_MAX, on every space;
//  - its join ignores the index, so with a tied extremum a parallel backend
//    may return another index holding the extremum. Serial visits the
//    elements in order and must still be exact.
// Every other variant must pass everything.
template <class Space>
void require_variants(const minloc::Input& input) {
  INFO("n = " << input.values.extent(0) << ", op = " << (input.op == Op::min ? "min" : "max")
              << ", ref " << input.reference.val << " at " << input.reference.loc);
  const SpaceCase space_case = minloc::make_typed_case<Space>(input);
  REQUIRE(space_case.variants.size() >= 5);
  const float ref = input.reference.val;
  const bool identity_hides =
      input.op == Op::min ? ref >= std::numeric_limits<float>::max() : ref <= -FLT_MAX;
  const bool tied = count_of(input, ref) > 1;
  for (const Variant& variant : space_case.variants) {
    INFO("variant " << variant.name);
    variant.poison();
    const Check check = bench::test::run_and_check(variant);
    INFO(check.detail);
    if (variant.name != "kokkos-minloc") {
      CHECK(check.pass);
    } else if (identity_hides) {
      CHECK_FALSE(check.pass);
    } else if (tied && !std::is_same_v<Space, Kokkos::Serial> && !check.pass) {
      CHECK(check.detail.find("not its first index") != std::string::npos);
      WARN("kokkos-minloc returned another tied index: " << check.detail);
    } else {
      CHECK(check.pass);
    }
  }
}

template <class Space>
void require_both_ops(const std::vector<float>& values, std::int64_t min_index,
                      std::int64_t max_index) {
  const auto lo = minloc::make_input(values, Op::min);
  CHECK(lo.reference.loc == min_index);
  require_variants<Space>(lo);
  const auto hi = minloc::make_input(values, Op::max);
  CHECK(hi.reference.loc == max_index);
  require_variants<Space>(hi);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("minloc: every variant finds the first extremum", "[minloc]",
                        bench::test::Spaces) {
  const std::uint64_t n = GENERATE(1, 2, 7, 50000, 1000003);
  const std::string data = GENERATE("integers", "uniform");
  const Op op = GENERATE(Op::min, Op::max);
  require_variants<TestType>(minloc::make_input(n, data, op));
}

TEMPLATE_LIST_TEST_CASE("minloc: adversarial data", "[minloc]", bench::test::Spaces) {
  const std::int64_t n = 100003;
  SECTION("all equal: index 0") {
    require_both_ops<TestType>(std::vector<float>(n, 3.5f), 0, 0);
  }
  SECTION("descending: min at the last index, max at 0") {
    std::vector<float> x(n);
    for (std::int64_t i = 0; i < n; ++i) x[i] = static_cast<float>(n - i);
    require_both_ops<TestType>(x, n - 1, 0);
  }
  SECTION("the extremum only at the last index") {
    std::vector<float> x(n, 5.0f);
    x[n - 1] = 1.0f;
    require_both_ops<TestType>(x, n - 1, 0);
    x[n - 1] = 9.0f;
    require_both_ops<TestType>(x, 0, n - 1);
  }
  SECTION("many ties spread over every thread") {
    std::vector<float> x(n);
    for (std::int64_t i = 0; i < n; ++i) x[i] = static_cast<float>((i * 7919) % 4);
    std::int64_t first_min = 0, first_max = 0;
    while (x[first_min] != 0.0f) ++first_min;
    while (x[first_max] != 3.0f) ++first_max;
    require_both_ops<TestType>(x, first_min, first_max);
  }
  SECTION("negative values") {
    std::vector<float> x(n);
    for (std::int64_t i = 0; i < n; ++i) x[i] = -static_cast<float>((i * 31) % 1000) - 0.5f;
    // min -999.5 first where 31 i = 999 (mod 1000), i.e. i = 129; max -0.5 at 0.
    require_both_ops<TestType>(x, 129, 0);
  }
  SECTION("-0.0 and +0.0 tie: the first zero wins, bit for bit") {
    // min: the zeros are the minimum; the first one is -0.0 at index 1.
    require_both_ops<TestType>({1.0f, -0.0f, 0.0f, -0.0f, 0.0f, 2.0f}, 1, 5);
    // max: the zeros are the maximum; the first one is +0.0 at index 2.
    require_both_ops<TestType>({-1.0f, -2.0f, 0.0f, -0.0f, -3.0f}, 4, 2);
    // Many zeros of both signs on a larger array, first one +0.0 after a -1.
    std::vector<float> x(n);
    for (std::int64_t i = 0; i < n; ++i) x[i] = (i % 3 == 0) ? -0.0f : 0.0f;
    x[0] = 1.0f;
    require_both_ops<TestType>(x, 1, 0);
  }
  SECTION("infinities") {
    std::vector<float> x(n, 7.0f);
    x[10] = -kInf;
    x[20] = kInf;
    x[30] = -kInf;
    x[40] = kInf;
    require_both_ops<TestType>(x, 10, 20);
    // The extremum is the infinity itself: every element ties with it.
    require_both_ops<TestType>(std::vector<float>(n, kInf), 0, 0);
    require_both_ops<TestType>(std::vector<float>(n, -kInf), 0, 0);
    require_both_ops<TestType>({kInf, -kInf, kInf, -kInf}, 1, 0);
  }
}

TEST_CASE("minloc: NaN and empty input are usage errors", "[minloc]") {
  const Op op = GENERATE(Op::min, Op::max);
  CHECK_THROWS_AS(minloc::make_input(std::vector<float>{}, op), UsageError);
  CHECK_THROWS_AS(minloc::make_input(0, "integers", op), UsageError);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  try {
    minloc::make_input(std::vector<float>{1.0f, 2.0f, nan, 0.0f}, op);
    FAIL("NaN was accepted");
  } catch (const UsageError& error) {
    CHECK(std::string(error.what()).find("NaN at index 2") != std::string::npos);
  }
  CHECK_THROWS_AS(minloc::make_input(std::vector<float>{nan}, op), UsageError);
  CHECK_THROWS_AS(minloc::validate_size(minloc::kMaxSize + 1), UsageError);
  CHECK_NOTHROW(minloc::validate_size(minloc::kMaxSize));
}

TEST_CASE("minloc: keys preserve the order of <, zeros tie", "[minloc]") {
  const float denorm = std::numeric_limits<float>::denorm_min();
  const std::vector<float> ascending = {-kInf,  -FLT_MAX, -1.0f,   -denorm, 0.0f,
                                        denorm, 1.0f,     FLT_MAX, kInf};
  for (std::size_t i = 0; i + 1 < ascending.size(); ++i) {
    INFO("between " << ascending[i] << " and " << ascending[i + 1]);
    CHECK(minloc::ascending_key(ascending[i]) < minloc::ascending_key(ascending[i + 1]));
    using MinKeys = minloc::KeyPacking<minloc::Order<Op::min>>;
    using MaxKeys = minloc::KeyPacking<minloc::Order<Op::max>>;
    using MinRaw = minloc::RawPacking<minloc::Order<Op::min>>;
    using MaxRaw = minloc::RawPacking<minloc::Order<Op::max>>;
    // The larger index loses only on a tie: a better value wins regardless.
    CHECK(MinKeys::before(MinKeys::pack(ascending[i], 9), MinKeys::pack(ascending[i + 1], 1)));
    CHECK(MaxKeys::before(MaxKeys::pack(ascending[i + 1], 9), MaxKeys::pack(ascending[i], 1)));
    CHECK(MinRaw::before(MinRaw::pack(ascending[i], 9), MinRaw::pack(ascending[i + 1], 1)));
    CHECK(MaxRaw::before(MaxRaw::pack(ascending[i + 1], 9), MaxRaw::pack(ascending[i], 1)));
    CHECK(MinKeys::before(MinKeys::pack(ascending[i], 9), minloc::kEmptyWord));
    CHECK(MaxRaw::before(MaxRaw::pack(ascending[i], 9), minloc::kEmptyWord));
  }
  CHECK(minloc::ascending_key(-0.0f) == minloc::ascending_key(0.0f));
  using MinRaw = minloc::RawPacking<minloc::Order<Op::min>>;
  CHECK(MinRaw::before(MinRaw::pack(0.0f, 3), MinRaw::pack(-0.0f, 4)));
  CHECK(MinRaw::before(MinRaw::pack(-0.0f, 3), MinRaw::pack(0.0f, 4)));
}

TEMPLATE_LIST_TEST_CASE("minloc: a wrong or missing result fails the check", "[minloc]",
                        bench::test::Spaces) {
  const std::uint64_t n = GENERATE(1, 1000);
  const Op op = GENERATE(Op::min, Op::max);
  auto input = minloc::make_input(n, "integers", op);
  const auto space_case = minloc::make_typed_case<TestType>(input);
  bench::test::require_poison_detected(space_case);
  for (const auto& variant : space_case.variants) {
    INFO("variant " << variant.name);
    variant.run();
    Kokkos::fence();
    // A reference one index further on: every exact check must see it.
    input.reference.loc += 1;
    CHECK_FALSE(variant.check().pass);
    input.reference.loc -= 1;
    // The right index with a wrong value fails too.
    const float value = input.reference.val;
    input.reference.val = value == 0.0f ? 1.0f : -value;
    CHECK_FALSE(variant.check().pass);
    input.reference.val = value;
  }
}

TEST_CASE("minloc: Kokkos' MinLoc runs by name only, not by default", "[minloc]") {
  const bench::minloc::MinlocApp app;
  const auto all = app.variant_names();
  const auto defaults = bench::default_variants(app);
  CHECK(std::find(all.begin(), all.end(), "kokkos-minloc") != all.end());
  CHECK(std::find(defaults.begin(), defaults.end(), "kokkos-minloc") == defaults.end());
  CHECK(defaults.size() + 1 == all.size());
}

TEMPLATE_LIST_TEST_CASE("minloc: the host baselines run where they belong, marked baseline",
                        "[minloc]", bench::test::Spaces) {
  const auto space_case =
      minloc::make_typed_case<TestType>(minloc::make_input(1000, "uniform", Op::min));
  const std::string space = space_name<TestType>();
  CHECK(bench::test::kind_of(space_case, "vector") == "ours");
  CHECK(bench::test::kind_of(space_case, "kokkos-minloc") == "baseline");
  CHECK(bench::test::kind_of(space_case, "omp-partials") == (space == "openmp" ? "baseline" : ""));
  const bool std_min = space == "serial" || (space == "openmp" && bench::test::kStdPar);
  CHECK(bench::test::kind_of(space_case, "std-min-element") == (std_min ? "baseline" : ""));
}
