// Every reduce variant on every enabled space, for edge and odd sizes and
// every element type, against the compensated reference.
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>

#include "common/run_variants.hpp"
#include "common/spaces.hpp"
#include "reduce/reduce_app.hpp"

using namespace kp;
using namespace bench;

TEMPLATE_LIST_TEST_CASE("reduce: every variant matches the reference", "[reduce]",
                        bench::test::Spaces) {
  const std::uint64_t n = GENERATE(0, 1, 7, 33, 1000003, 1 << 20);
  const std::string data = GENERATE("uniform", "integers");
  INFO("n = " << n << ", data = " << data);
  SECTION("float") {
    const auto input = reduce::make_input<float>(n, data);
    bench::test::require_all_pass(reduce::make_typed_case<TestType>(input));
  }
  SECTION("double") {
    const auto input = reduce::make_input<double>(n, data);
    bench::test::require_all_pass(reduce::make_typed_case<TestType>(input));
  }
  SECTION("int64") {
    const auto input = reduce::make_input<std::int64_t>(n, data);
    bench::test::require_all_pass(reduce::make_typed_case<TestType>(input));
  }
}

TEMPLATE_LIST_TEST_CASE("reduce: a wrong or missing result fails the check", "[reduce]",
                        bench::test::Spaces) {
  const std::uint64_t n = GENERATE(1, 1000);
  auto input = reduce::make_input<float>(n, "integers");
  const auto space_case = reduce::make_typed_case<TestType>(input);
  bench::test::require_poison_detected(space_case);
  // One element more in the reference than in the data: an exact check sees it
  // (the correctly rounded sum too: kp-reproducible's check).
  input.reference += 1;
  input.exact += 1;
  for (const auto& variant : space_case.variants) {
    INFO("variant " << variant.name);
    CHECK_FALSE(bench::test::run_and_check(variant).pass);
  }
}

TEST_CASE("reduce: integer data makes float sums exact", "[reduce]") {
  const auto input = reduce::make_input<float>(1 << 16, "integers");
  CHECK(input.tolerance == 0);
  long double sum = 0;
  for (std::size_t i = 0; i < input.values.extent(0); ++i) sum += input.values(i);
  CHECK(sum == input.reference);
}

TEMPLATE_LIST_TEST_CASE("reduce: the host baselines run where they belong, marked baseline",
                        "[reduce]", bench::test::Spaces) {
  const auto space_case =
      reduce::make_typed_case<TestType>(reduce::make_input<float>(1000, "uniform"));
  const std::string space = space_name<TestType>();
  CHECK(bench::test::kind_of(space_case, "vector") == "ours");
  CHECK(bench::test::kind_of(space_case, "kokkos") == "baseline");
  CHECK(bench::test::kind_of(space_case, "plain-loop") == (space == "serial" ? "baseline" : ""));
  CHECK(bench::test::kind_of(space_case, "omp-simd") == (space == "openmp" ? "baseline" : ""));
  const bool std_reduce = space == "serial" || (space == "openmp" && bench::test::kStdPar);
  CHECK(bench::test::kind_of(space_case, "std-reduce") == (std_reduce ? "baseline" : ""));
}
