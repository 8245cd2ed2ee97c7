#include "roulette/chi_square.hpp"

#include <cmath>
#include <vector>

namespace bench::roulette {

double chi_square_upper_tail(double x, double degrees) {
  const double variance = 2.0 / (9.0 * degrees);
  const double z = (std::cbrt(x / degrees) - (1.0 - variance)) / std::sqrt(variance);
  return 0.5 * std::erfc(z / std::sqrt(2.0));
}

GoodnessOfFit chi_square_test(std::span<const double> weights,
                              std::span<const std::uint64_t> counts, std::uint64_t draws) {
  long double total = 0;
  for (const double w : weights) total += w;
  struct Bin {
    long double observed = 0, expected = 0;
  };
  std::vector<Bin> bins;
  Bin pool;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] == 0) continue;
    pool.expected += static_cast<long double>(draws) * weights[i] / total;
    pool.observed += counts[i];
    if (pool.expected >= 5) {
      bins.push_back(pool);
      pool = {};
    }
  }
  if (pool.expected > 0) {
    if (bins.empty()) {
      bins.push_back(pool);
    } else {
      bins.back().observed += pool.observed;
      bins.back().expected += pool.expected;
    }
  }
  GoodnessOfFit fit;
  long double statistic = 0;
  for (const Bin& bin : bins) {
    const long double difference = bin.observed - bin.expected;
    statistic += difference * difference / bin.expected;
  }
  fit.statistic = static_cast<double>(statistic);
  fit.degrees = bins.empty() ? 0 : bins.size() - 1;
  if (fit.degrees > 0) {
    fit.p_value = chi_square_upper_tail(fit.statistic, static_cast<double>(fit.degrees));
  }
  return fit;
}

}  // namespace bench::roulette
