#pragma once
// kp::histogram's parameters per target (tuning/target.hpp): the GPU's
// team_scratch counting, the host's private_bins.
#include <cstdint>

#include <kp/impl/tuning/target.hpp>

namespace kp::impl::tuning {

template <Target T>
struct HistogramTuning : Next<HistogramTuning, T> {};

// Hopper (docs/PERFORMANCE.md, Histogram): team_scratch.
template <>
struct HistogramTuning<Target::hopper> {
  // Values a thread, loaded before any is counted, and the fewest a thread
  // before the launch takes another team: each team adds its bins to the
  // counts by global atomics, which contend at the same addresses, so fewer
  // teams of more values each.
  static constexpr int batch = 8;
};
// Any other GPU: Hopper's policy, not measured there.
template <>
struct HistogramTuning<Target::gpu> : HistogramTuning<Target::hopper> {};

// Host spaces (docs/PERFORMANCE.md, Histogram): private_bins, and
// team_scratch run as on a GPU.
template <>
struct HistogramTuning<Target::host> {
  // Values a block clamps into a buffer before counting them: a whole
  // number of SIMD clamps and of rounds of 4 sub-histograms, small enough
  // for L1.
  static constexpr int block = 64;
  // Bytes ahead each block prefetches while the bins fit L1 (4
  // sub-histograms): the hardware prefetcher does not run far enough ahead
  // of a loop this busy.
  static constexpr std::int64_t ahead = 1024;
  // Values a task counts on one thread (1 MiB of int32): large enough that
  // zeroing and summing the thread's rows once a task is cheap.
  static constexpr std::int64_t task = std::int64_t{1} << 18;
  // Tasks halve down to this (and to 4 values a bin) while a thread would
  // get fewer than 4 of them, so that short inputs still occupy every thread.
  static constexpr std::int64_t min_task = std::int64_t{1} << 14;
  // Four interleaved sub-histograms while they fit this many bytes (L1), so
  // that runs of one bin do not wait on their own stores; one past that.
  static constexpr std::int64_t deep_bytes = 16 * 1024;
  // team_scratch: the GPU's batch, not measured here.
  static constexpr int batch = HistogramTuning<Target::gpu>::batch;
};

}  // namespace kp::impl::tuning

namespace kp::impl {

using HostHistogramTuning = tuning::HistogramTuning<tuning::Target::host>;

}  // namespace kp::impl
