// Every histogram variant on every enabled space, for edge sizes, bin counts
// from 1 to 2^20, both distributions and all-out-of-range data, against the
// sequential reference, bin by bin.
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "common/run_variants.hpp"
#include "common/spaces.hpp"
#include "histogram/histogram_app.hpp"

using namespace kp;
using namespace bench;

namespace {

bool has_variant(const SpaceCase& space_case, const std::string& name) {
  for (const auto& variant : space_case.variants) {
    if (variant.name == name) return true;
  }
  return false;
}

histogram::Input constant_input(std::uint64_t n, std::int32_t value, int bins) {
  histogram::HostValues values("values", n);
  Kokkos::deep_copy(values, value);
  return histogram::input_from_values(values, bins);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("histogram: every variant matches the reference", "[histogram]",
                        bench::test::Spaces) {
  const int bins = GENERATE(1, 16, 256, 4097, 1 << 16, 1 << 20);
  const std::uint64_t n = GENERATE(0, 1, 7, 100003);
  const std::string dist = GENERATE("uniform", "skewed");
  INFO("bins = " << bins << ", n = " << n << ", dist = " << dist);
  const auto input = histogram::make_input(n, bins, dist);
  const auto space_case = histogram::make_space_case<TestType>(input);
  bench::test::require_all_pass(space_case);
  // team-scratch is offered exactly where the bins fit the team scratch limit.
  const bool fits = sizeof(histogram::Count) * bins <=
                    std::size_t(Kokkos::TeamPolicy<TestType>::scratch_size_max(0));
  CHECK(has_variant(space_case, "team-scratch") == fits);
  CHECK(has_variant(space_case, "atomic"));
  CHECK(has_variant(space_case, "scatter-atomic"));
}

TEMPLATE_LIST_TEST_CASE("histogram: values out of range land in the end bins", "[histogram]",
                        bench::test::Spaces) {
  const int bins = GENERATE(1, 16, 4097, 1 << 16);
  const std::int32_t value = GENERATE(-1, std::numeric_limits<std::int32_t>::min(), 1 << 24,
                                      std::numeric_limits<std::int32_t>::max());
  INFO("bins = " << bins << ", every value = " << value);
  const std::uint64_t n = 5003;
  const auto input = constant_input(n, value, bins);
  CHECK(input.reference(value < 0 ? 0 : bins - 1) == n);
  bench::test::require_all_pass(histogram::make_space_case<TestType>(input));
}

TEMPLATE_LIST_TEST_CASE("histogram: the check fails on a wrong or missing count", "[histogram]",
                        bench::test::Spaces) {
  const std::uint64_t n = GENERATE(0, 1000);
  auto input = histogram::make_input(n, 256, "skewed");
  const auto space_case = histogram::make_space_case<TestType>(input);
  bench::test::require_poison_detected(space_case);
  // One count off by one in one bin: an exact check sees it.
  input.reference(17) += 1;
  for (const auto& variant : space_case.variants) {
    INFO("variant " << variant.name);
    const Check check = bench::test::run_and_check(variant);
    CHECK_FALSE(check.pass);
    CHECK(check.detail.find("bin 17") != std::string::npos);
  }
}

TEST_CASE("histogram: the inputs have the promised shape", "[histogram]") {
  const int bins = 256;
  const std::uint64_t n = 100000;
  SECTION("uniform reaches below 0 and above the last bin") {
    const auto input = histogram::make_input(n, bins, "uniform");
    std::uint64_t below = 0, above = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      below += input.values(i) < 0;
      above += input.values(i) >= bins;
    }
    CHECK(below > 0);
    CHECK(above > 0);
    CHECK(below + above < n / 4);
  }
  SECTION("skewed puts about 90% into 4 bins") {
    const auto input = histogram::make_input(n, bins, "skewed");
    std::vector<histogram::Count> counts(input.reference.data(), input.reference.data() + bins);
    std::sort(counts.rbegin(), counts.rend());
    const std::uint64_t top4 = counts[0] + counts[1] + counts[2] + counts[3];
    CHECK(top4 > n * 88 / 100);
    CHECK(top4 < n * 93 / 100);
  }
}

TEMPLATE_LIST_TEST_CASE("histogram: the host baselines run where they belong, marked baseline",
                        "[histogram]", bench::test::Spaces) {
  const auto space_case =
      histogram::make_space_case<TestType>(histogram::make_input(1000, 16, "uniform"));
  const std::string space = space_name<TestType>();
  CHECK(bench::test::kind_of(space_case, "atomic") == "ours");
  CHECK(bench::test::kind_of(space_case, "scatter-atomic") == "baseline");
  CHECK(bench::test::kind_of(space_case, "plain-loop") == (space == "serial" ? "baseline" : ""));
  CHECK(bench::test::kind_of(space_case, "omp-private") == (space == "openmp" ? "baseline" : ""));
}
