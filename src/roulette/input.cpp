#include "roulette/input.hpp"

#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include <kp/random.hpp>
#include "harness/npy.hpp"
#include "harness/usage.hpp"
#include "roulette/chi_square.hpp"
#include "roulette/weight_lines.hpp"

namespace bench::roulette {

using kp::splitmix64;
using kp::unit_interval;

namespace {

void require_item_count(std::uint64_t n, const std::string& what) {
  if (n == 0) throw UsageError(what + " must give at least one weight");
  if (n > UINT32_MAX) throw UsageError(what + " gives more than 2^32 - 1 weights");
}

// Fills the summary fields; the weights are already known to be valid.
Weights summarize(Kokkos::View<Weight*, Kokkos::HostSpace> values) {
  Weights weights;
  weights.values = values;
  for (std::size_t i = 0; i < values.extent(0); ++i) {
    if (values(i) == 0) {
      ++weights.zeros;
    } else {
      weights.last_positive = i;
    }
  }
  return weights;
}

}  // namespace

Weights make_weights(std::uint64_t n, const std::string& kind) {
  require_item_count(n, "--size");
  Kokkos::View<Weight*, Kokkos::HostSpace> values(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "roulette weights"), n);
  bool any_positive = false;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t r = splitmix64(i);
    if (kind == "ramp") {
      values(i) = static_cast<Weight>(i + 1);
    } else if (kind == "sparse") {
      // (0, 1]: never zero, so exactly the items with r % 10 != 0 are zero.
      values(i) = r % 10 == 0 ? 1.0 - unit_interval(splitmix64(r)) : 0.0;
    } else {
      values(i) = 1;
    }
    any_positive = any_positive || values(i) > 0;
  }
  if (!any_positive) values(n / 2) = 1;
  return summarize(values);
}

namespace {
// A .npy file's weights (any dtype the reader takes, converted exactly to double).
std::vector<Weight> read_npy_weights(const std::string& path, bool& any_positive) {
  const std::string where = "--weights-file: " + path;
  std::vector<Weight> read = npy::exact_values<Weight>(npy::read(path, "--weights-file"), where);
  for (std::size_t i = 0; i < read.size(); ++i) {
    const Weight value = read[i];
    const char* why = std::isnan(value)       ? "is NaN"
                      : !std::isfinite(value) ? "is not finite"
                      : value < 0             ? "is negative"
                                              : nullptr;
    if (why) {
      throw UsageError(where + ": weight " + std::to_string(value) + " at index " +
                       std::to_string(i) + " " + why);
    }
    any_positive = any_positive || value > 0;
    if (value == 0) read[i] = 0.0;  // -0 counts as 0
  }
  return read;
}
}  // namespace

std::vector<Weight> read_weight_values(const std::string& path) {
  std::vector<Weight> read;
  bool any_positive = false;
  if (npy::has_npy_suffix(path)) {
    read = read_npy_weights(path, any_positive);
  } else {
    std::ifstream file(path);
    if (!file) throw UsageError("--weights-file: cannot read '" + path + "'");
    read = read_weight_lines(file, path, any_positive);
  }
  if (read.empty()) throw UsageError("--weights-file: " + path + " has no weights");
  require_item_count(read.size(), "--weights-file");
  if (!any_positive) {
    throw UsageError("--weights-file: " + path + ": all " + std::to_string(read.size()) +
                     " weights are zero");
  }
  // Every variant sums the weights (prefix sums, the alias tables' totals);
  // half the largest double leaves room for any order of summation.
  double total = 0;
  for (const Weight w : read) total += w;
  if (!(total <= DBL_MAX / 2)) {
    throw UsageError("--weights-file: " + path + ": the weights add up to more than " +
                     "half the largest double");
  }
  return read;
}

Weights weights_from_values(const std::vector<Weight>& read) {
  Kokkos::View<Weight*, Kokkos::HostSpace> values(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "roulette weights"), read.size());
  for (std::size_t i = 0; i < read.size(); ++i) values(i) = read[i];
  return summarize(values);
}

Weights read_weights_file(const std::string& path) {
  return weights_from_values(read_weight_values(path));
}

namespace {
Check compare(const Problem& problem, const Count* counts) {
  const auto& w = problem.weights.values;
  const std::size_t n = w.extent(0);
  std::ostringstream detail;
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < n; ++i) total += counts[i];
  if (total != problem.draws) {
    detail << "counts add up to " << total << ", not " << problem.draws << " draws";
    return {false, detail.str()};
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (w(i) == 0 && counts[i] != 0) {
      detail << "item " << i << " has weight 0 but was drawn " << counts[i] << " times";
      return {false, detail.str()};
    }
  }
  const GoodnessOfFit fit = chi_square_test({w.data(), n}, {counts, n}, problem.draws);
  detail << "chi2 " << fit.statistic << " dof " << fit.degrees << " p " << fit.p_value;
  return {fit.p_value >= kSignificance, detail.str()};
}
}  // namespace

Check check_counts(const Problem& problem, const Count* counts) {
  const Check check = compare(problem, counts);
  if (problem.output && problem.output->pending()) {
    const std::vector<std::uint64_t> wide(counts, counts + problem.weights.values.extent(0));
    problem.output->offer(check.pass, wide.data(), {wide.size()});
  }
  return check;
}

}  // namespace bench::roulette
