#pragma once
// Tuning of kp::histogram (the host's private_bins, the GPU's team_scratch):
// one place for the constants, each with why it has its value. Their
// measurements are in docs/PERFORMANCE.md (histogram).
#include <cstdint>

namespace kp::impl {

// Values a block clamps into a buffer before counting them: a whole number
// of SIMD clamps and of rounds of 4 sub-histograms, small enough for L1.
inline constexpr int kHistogramBlock = 64;

// Bytes ahead each block prefetches while the bins fit L1 (4 sub-histograms):
// the hardware prefetcher does not run far enough ahead of a loop this busy.
inline constexpr std::int64_t kHistogramAhead = 1024;

// Values a task counts on one thread (1 MiB of int32): large enough that
// zeroing and summing the thread's rows once a task is cheap.
inline constexpr std::int64_t kHistogramTask = std::int64_t{1} << 18;

// Tasks halve down to this (and to 4 values a bin) while a thread would get
// fewer than 4 of them, so that short inputs still occupy every thread.
inline constexpr std::int64_t kHistogramMinTask = std::int64_t{1} << 14;

// Four interleaved sub-histograms while they fit this many bytes (L1), so
// that runs of one bin do not wait on their own stores; one past that.
inline constexpr std::int64_t kHistogramDeepBytes = 16 * 1024;

// GPU (team_scratch): values a thread, loaded before any is counted, and
// the fewest a thread before the launch takes another team. Each team adds
// its bins to the counts by global atomics, which contend at the same B
// addresses: with one value a thread, 2^18 values took 1024 teams, whose
// adds made the kernel 14.3 us against CUB's sweep's 7.5 (H200).
inline constexpr int kHistogramGpuBatch = 8;

}  // namespace kp::impl
