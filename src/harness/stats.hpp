#pragma once
// Order statistics over repeated timings: the median is robust against the
// occasional preempted run, and min/max show the spread.
#include <algorithm>
#include <vector>

namespace bench {

struct Summary {
  double median = 0, min = 0, max = 0;
};

inline Summary summarize(std::vector<double> samples) {
  if (samples.empty()) return {};
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  const double median = n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
  return {median, samples.front(), samples.back()};
}

}  // namespace bench
