#pragma once
// Pearson's chi-square goodness-of-fit test of observed counts against the
// counts a discrete distribution predicts.
//
// Expected count of item i: draws * w_i / sum(w). The test is only valid where
// every expected count is at least 5, so items are pooled, in index order,
// until a bin expects at least 5 draws (an item expecting 5 or more is a bin of
// its own; a small remainder at the end joins the last bin). Zero-weight items
// are left out: they are checked exactly, count == 0. With k bins the
// statistic has k - 1 degrees of freedom; its upper-tail p-value comes from
// the Wilson–Hilferty normal approximation, (X/d)^(1/3) ~ N(1 - 2/(9d), 2/(9d)),
// which is accurate to a few percent of p far into the tail for d >= 1.
#include <cstdint>
#include <span>

namespace bench::roulette {

struct GoodnessOfFit {
  double statistic = 0;
  std::uint64_t degrees = 0;  // bins - 1
  double p_value = 1;         // 1 when there is a single bin (nothing to test)
};

// P(X >= x) for X ~ chi-square with `degrees` degrees of freedom (> 0).
double chi_square_upper_tail(double x, double degrees);

GoodnessOfFit chi_square_test(std::span<const double> weights,
                              std::span<const std::uint64_t> counts, std::uint64_t draws);

// The significance of the check: a correct sampler fails about once in 10^6 runs.
inline constexpr double kSignificance = 1e-6;

}  // namespace bench::roulette
