// The chi-square test on its own: the p-value approximation against tabled
// quantiles, pooling of small expectations, and that it rejects what it should.
#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>
#include <vector>

#include "roulette/chi_square.hpp"

using namespace bench::roulette;

TEST_CASE("chi-square: Wilson-Hilferty p-values match tabled quantiles", "[roulette]") {
  // (degrees, quantile, upper-tail probability) from standard tables.
  struct Quantile {
    double degrees, x, p;
  };
  for (const Quantile q : {Quantile{1, 3.841, 0.05}, Quantile{10, 18.307, 0.05},
                           Quantile{10, 2.558, 0.99}, Quantile{100, 124.342, 0.05},
                           Quantile{100, 149.449, 0.001}, Quantile{1000, 1118.948, 0.005}}) {
    INFO("degrees " << q.degrees << " x " << q.x);
    // Wilson-Hilferty is coarsest at one degree of freedom.
    CHECK(chi_square_upper_tail(q.x, q.degrees) == Catch::Approx(q.p).epsilon(0.15));
  }
}

TEST_CASE("chi-square: exact expectations pass, shifted counts fail", "[roulette]") {
  const std::vector<double> weights = {1, 2, 3, 4};
  const std::vector<std::uint64_t> exact = {100, 200, 300, 400};
  const GoodnessOfFit fit = chi_square_test(weights, exact, 1000);
  CHECK(fit.statistic == 0);
  CHECK(fit.degrees == 3);
  CHECK(fit.p_value > 0.99);
  const std::vector<std::uint64_t> swapped = {200, 100, 300, 400};
  CHECK(chi_square_test(weights, swapped, 1000).p_value < kSignificance);
}

TEST_CASE("chi-square: items expecting fewer than 5 draws are pooled", "[roulette]") {
  // 10 draws over 10 equal items: each expects 1, so they are pooled into
  // bins of 5 items: two bins, one degree of freedom.
  const std::vector<double> weights(10, 1.0);
  const std::vector<std::uint64_t> counts(10, 1);
  const GoodnessOfFit fit = chi_square_test(weights, counts, 10);
  CHECK(fit.degrees == 1);
  CHECK(fit.statistic == 0);
  // Zero weights are not bins; a lone remainder joins the last bin.
  const std::vector<double> sparse = {0, 5, 0, 5, 1};
  const std::vector<std::uint64_t> drawn = {0, 5, 0, 5, 1};
  CHECK(chi_square_test(sparse, drawn, 11).degrees == 1);
  // One bin (e.g. one item) has nothing to test.
  CHECK(chi_square_test(std::vector<double>{2.0}, std::vector<std::uint64_t>{7}, 7).p_value == 1);
}
