#include "roulette/alias_table.hpp"

namespace bench::roulette {

void AliasBuilder::build(const double* weights, AliasEntry* table) {
  const std::size_t n = scaled_.size();
  double total = 0;
  std::size_t positive = 0;
  for (std::size_t i = 0; i < n; ++i) {
    total += weights[i];
    if (weights[i] > 0) positive = i;
  }
  std::size_t lights = 0, heavies = 0;
  for (std::size_t i = 0; i < n; ++i) {
    // weight / total first: n / total overflows to inf for a subnormal total,
    // and 0 * inf would make a zero weight NaN (then drawn).
    scaled_[i] = (weights[i] / total) * static_cast<double>(n);
    if (scaled_[i] < 1) {
      light_[lights++] = static_cast<std::uint32_t>(i);
    } else {
      heavy_[heavies++] = static_cast<std::uint32_t>(i);
    }
  }
  // Each light column is topped up by a heavy item, whose surplus shrinks by
  // the light's deficit; a heavy item that falls below 1 becomes light.
  while (lights > 0 && heavies > 0) {
    const std::uint32_t light = light_[--lights];
    const std::uint32_t heavy = heavy_[heavies - 1];
    table[light] = {scaled_[light], heavy};
    scaled_[heavy] = (scaled_[heavy] + scaled_[light]) - 1.0;
    if (scaled_[heavy] < 1) {
      --heavies;
      light_[lights++] = heavy;
    }
  }
  // What remains is 1 up to rounding: those items keep their whole column.
  // A zero-weight item can only be left over through a rounding disaster;
  // even then it must never be drawn.
  while (heavies > 0) {
    const std::uint32_t item = heavy_[--heavies];
    table[item] = {1.0, item};
  }
  while (lights > 0) {
    const std::uint32_t item = light_[--lights];
    table[item] = weights[item] > 0 ? AliasEntry{1.0, item}
                                    : AliasEntry{0.0, static_cast<std::uint32_t>(positive)};
  }
}

std::vector<double> alias_probabilities(const AliasEntry* table, std::size_t n) {
  std::vector<double> p(n, 0.0);
  for (std::size_t column = 0; column < n; ++column) {
    p[column] += table[column].keep / static_cast<double>(n);
    p[table[column].alias] += (1.0 - table[column].keep) / static_cast<double>(n);
  }
  return p;
}

}  // namespace bench::roulette
