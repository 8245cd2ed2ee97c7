// Every roulette variant on every enabled space: edge sizes, zero weights,
// the chi-square check passing at 10^6 draws and failing for a wrong
// distribution, and bad weights files. Seeds are fixed, so the statistical
// check cannot fail by chance here.
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <filesystem>
#include <fstream>

#include "common/run_variants.hpp"
#include "common/spaces.hpp"
#include "roulette/roulette_app.hpp"

using namespace kp;
using namespace bench;
using namespace bench::roulette;

namespace {

Problem problem(Weights weights, std::uint64_t draws, std::uint64_t seed = 1) {
  return {std::move(weights), draws, seed};
}

// Writes `text` to a fresh file in the temporary directory, returns its path.
std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("kp_roulette_" + name);
  std::ofstream(path) << text;
  return path.string();
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("roulette: every variant passes its check", "[roulette]",
                        bench::test::Spaces) {
  const std::uint64_t n = GENERATE(1, 2, 7, 1000, 100003);
  const std::string kind = GENERATE("uniform", "ramp", "sparse");
  const std::uint64_t draws = GENERATE(0, 1, 54321);
  INFO("n " << n << " weights " << kind << " draws " << draws);
  const Problem p = problem(make_weights(n, kind), draws);
  bench::test::require_all_pass(make_space_case<TestType>(p));
}

TEMPLATE_LIST_TEST_CASE("roulette: chi-square passes for 10^6 draws on 1000 items", "[roulette]",
                        bench::test::Spaces) {
  const std::string kind = GENERATE("uniform", "ramp", "sparse");
  const std::uint64_t seed = 2024;
  INFO("weights " << kind << " seed " << seed);
  const Problem p = problem(make_weights(1000, kind), 1000000, seed);
  bench::test::require_all_pass(make_space_case<TestType>(p));
}

TEMPLATE_LIST_TEST_CASE("roulette: one item, and two items of which one has weight 0", "[roulette]",
                        bench::test::Spaces) {
  // N = 1: every draw is item 0, which the exact total check requires.
  bench::test::require_all_pass(
      make_space_case<TestType>(problem(make_weights(1, "uniform"), 20000)));
  // The zero-weight item first and last: neither boundary of the search or
  // table may leak a draw to it.
  for (const char* text : {"0\n1\n", "1\n0\n"}) {
    INFO("weights " << text);
    const Problem p = problem(read_weights_file(write_temp("two.txt", text)), 20000);
    CHECK(p.weights.zeros == 1);
    bench::test::require_all_pass(make_space_case<TestType>(p));
  }
}

TEMPLATE_LIST_TEST_CASE("roulette: a wrong distribution or missing counts fail the check",
                        "[roulette]", bench::test::Spaces) {
  Problem p = problem(make_weights(1000, "uniform"), 1000000);
  const SpaceCase space_case = make_space_case<TestType>(p);
  bench::test::require_poison_detected(space_case);
  for (const Variant& variant : space_case.variants) {
    INFO("variant " << variant.name);
    REQUIRE(bench::test::run_and_check(variant).pass);
    // Checked against weights 5% higher on half the items: chi-square sees it.
    for (std::size_t i = 0; i < 500; ++i) p.weights.values(i) = 1.05;
    const Check biased = variant.check();
    INFO(biased.detail);
    CHECK_FALSE(biased.pass);
    // Checked against a zero weight for an item that was drawn.
    p.weights.values(0) = 0;
    CHECK_THAT(variant.check().detail, Catch::Matchers::ContainsSubstring("has weight 0"));
    for (std::size_t i = 0; i < 500; ++i) p.weights.values(i) = 1;
  }
}

#ifdef KOKKOS_ENABLE_SERIAL
TEMPLATE_LIST_TEST_CASE("roulette: the same seed gives the same counts on every space",
                        "[roulette]", bench::test::Spaces) {
  // Ramp weights are integers, so every space's prefix sums are exact and
  // the counts (hence the chi-square statistic) must agree to the last digit.
  const Problem p = problem(make_weights(5000, "ramp"), 200000, 7);
  const SpaceCase here = make_space_case<TestType>(p);
  const SpaceCase serial = make_space_case<Kokkos::Serial>(p);
  for (std::size_t v = 0; v < here.variants.size(); ++v) {
    INFO("variant " << here.variants[v].name);
    here.variants[v].run();
    serial.variants[v].run();
    Kokkos::fence();
    CHECK(here.variants[v].check().detail == serial.variants[v].check().detail);
  }
}
#endif

TEST_CASE("roulette: bad weights are usage errors naming the line", "[roulette]") {
  using Catch::Matchers::ContainsSubstring;
  const auto rejects = [](const std::string& text, const std::string& why) {
    INFO("file: " << text);
    try {
      read_weights_file(write_temp("bad.txt", text));
      FAIL("no error");
    } catch (const UsageError& error) {
      CHECK_THAT(std::string(error.what()), ContainsSubstring(why));
    }
  };
  rejects("1\n2\n-0.5\n", "bad.txt:3: '-0.5' is negative");
  rejects("# weights\n\nnan\n", "bad.txt:3: 'nan' is NaN");
  rejects("1\ninf\n", "bad.txt:2: 'inf' is not finite");
  rejects("1e400\n", "bad.txt:1: '1e400' is not finite");
  rejects("1\ntwo\n", "bad.txt:2: 'two' is not a number");
  rejects("1 2\n", "bad.txt:1: '1 2' is not a number");
  rejects("0\n0.0\n-0\n", "all 3 weights are zero");
  rejects("1e308\n1e308\n", "add up to more than half the largest double");
  rejects("", "has no weights");
  rejects("# only a comment\n\n", "has no weights");
  CHECK_THROWS_AS(read_weights_file("/nonexistent/weights.txt"), UsageError);
  CHECK_THROWS_AS(make_weights(0, "uniform"), UsageError);
  const Weights ok = read_weights_file(write_temp("ok.txt", "  2.5 \r\n0\n# x\n1e-300\n"));
  REQUIRE(ok.values.extent(0) == 3);
  CHECK(ok.zeros == 1);
  CHECK(ok.last_positive == 2);
}

TEST_CASE("roulette: sparse weights are mostly zero, never all zero", "[roulette]") {
  const Weights w = make_weights(10000, "sparse");
  CHECK(w.zeros > 8500);
  CHECK(w.zeros < 9500);
  for (std::uint64_t n = 1; n < 20; ++n) CHECK(make_weights(n, "sparse").zeros < n);
}
