#include "harness/benchmark.hpp"

#include <Kokkos_Core.hpp>
#include <chrono>

#include "harness/ranks.hpp"
#include "harness/stats.hpp"

namespace bench {

namespace {
double timed_run(const Variant& variant) {
  Kokkos::fence();
  barrier();
  const auto start = std::chrono::steady_clock::now();
  variant.run();
  Kokkos::fence();
  return max_over_ranks(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}
}  // namespace

Measurement measure(const Variant& variant, const Timing& timing) {
  Measurement result;
  variant.poison();
  Kokkos::fence();
  variant.run();
  Kokkos::fence();
  result.check = variant.check();
  if (!all_ranks(result.check.pass)) {
    if (result.check.pass) result.check.detail += " (FAIL on another rank)";
    result.check.pass = false;
  }
  double spent = 0;
  for (int i = 0; i < timing.warmup && spent < timing.max_seconds; ++i) spent += timed_run(variant);
  std::vector<double> samples;
  samples.reserve(static_cast<std::size_t>(timing.repeat));
  spent = 0;
  while (static_cast<int>(samples.size()) < timing.repeat &&
         (spent < timing.max_seconds || static_cast<int>(samples.size()) < Timing::kMinSamples)) {
    samples.push_back(timed_run(variant));
    spent += samples.back();
  }
  result.samples = static_cast<int>(samples.size());
  result.samples_s = samples;
  const Summary summary = summarize(samples);
  result.median_s = summary.median;
  result.min_s = summary.min;
  result.max_s = summary.max;
  return result;
}

}  // namespace bench
