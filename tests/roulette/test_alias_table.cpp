// Vose's alias table reproduces the weights exactly (to rounding) and never
// gives a zero-weight item any probability.
#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <string>

#include "roulette/alias_table.hpp"
#include "roulette/input.hpp"

using namespace kp::roulette;

TEST_CASE("alias table: column shares add up to the weights", "[roulette]") {
  const std::uint64_t n = GENERATE(1, 2, 3, 1000, 4099);
  const std::string kind = GENERATE("uniform", "ramp", "sparse");
  INFO("n " << n << " weights " << kind);
  const Weights weights = make_weights(n, kind);
  std::vector<AliasEntry> table(n);
  AliasBuilder builder(n);
  builder.build(weights.values.data(), table.data());
  double total = 0;
  for (std::uint64_t i = 0; i < n; ++i) total += weights.values(i);
  const std::vector<double> p = alias_probabilities(table.data(), n);
  for (std::uint64_t i = 0; i < n; ++i) {
    INFO("item " << i);
    REQUIRE(table[i].alias < n);
    if (weights.values(i) == 0) {
      REQUIRE(p[i] == 0);
      REQUIRE(weights.values(table[i].alias) > 0);
    } else {
      REQUIRE(p[i] == Catch::Approx(weights.values(i) / total).epsilon(1e-9));
    }
  }
}
