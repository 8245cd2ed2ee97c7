#pragma once
// kp::reduce's parameters per target (tuning/target.hpp): the vector
// reduction's launch shape and tail on a GPU, the host's chunked folds.
// The host's first-index extremes (kp::minloc) take tuning/minloc.hpp's.
#include <cstdint>
#include <limits>

#include <kp/impl/tuning/target.hpp>

namespace kp::impl::tuning {

template <Target T>
struct ReduceTuning : Next<ReduceTuning, T> {};

// Hopper (docs/results/h200-2026-11-28/reduce-teams/ and reduce-tail/):
// teams of `team` threads, `teams_per_processor<V>` of them resident an SM
// (LaunchBounds caps registers to fit), each thread with `unroll` 16-byte
// loads in flight: for values of up to 8 bytes 5 teams at 48 registers, 80
// KiB an SM in flight; wider values (minloc's value and index) 4 teams at
// 64 registers, where their folds do not spill.
template <>
struct ReduceTuning<Target::hopper> {
  static constexpr int team = 256;
  static constexpr int unroll = 4;
  template <class V>
  static constexpr int teams_per_processor = sizeof(V) <= 8 ? 5 : 4;
  // Up to one round of every thread's loads of one team (16 KiB): one team
  // reads it all and skips the cross-team step (a fence, an atomic and a
  // second read of the partials).
  static constexpr std::int64_t one_team_packs = std::int64_t{team} * unroll;
  // From tail_from_packs packs (512 MiB) on, the last 1 / 2^tail_shift of
  // the packs are handed out at run time, tail_unit_rounds rounds of a
  // team's loads (64 KiB) at a time, to the teams that finish their share
  // first: teams on some SMs read more slowly.
  static constexpr std::int64_t tail_from_packs = std::int64_t{1} << 25;
  static constexpr int tail_shift = 5;
  static constexpr int tail_unit_rounds = 4;
};
// Any other GPU: Hopper's policy, not measured there.
template <>
struct ReduceTuning<Target::gpu> : ReduceTuning<Target::hopper> {};

// Host spaces (docs/PERFORMANCE.md, Reduce).
template <>
struct ReduceTuning<Target::host> {
  // Independent accumulators a chunk: the compiler keeps them in SIMD
  // registers, so the adds vectorize without -ffast-math reassociation.
  static constexpr int lanes = 32;
  // Bytes ahead a fold prefetches, a cache line at a time: the hardware
  // prefetcher alone does not keep a core's read stream full.
  static constexpr std::int64_t ahead = 4096;
  // Values a chunk. Chunks depend on n alone, never on the thread count, so
  // a sum has the same bits on every host space and thread count. Below
  // `chunks` chunks they halve, down to min_chunk, so that short arrays
  // still give each thread several (slack for a late thread).
  static constexpr std::int64_t chunk = 65536;
  static constexpr std::int64_t min_chunk = 16384;
  static constexpr std::int64_t chunks = 256;
  // The vector reduction (Algorithm::vector) on a host: teams of one thread,
  // one a thread, each over a contiguous run of packs with the GPU's loads
  // in flight, one team up to the GPU's one-team size, no tail.
  static constexpr int team = 1;
  template <class V>
  static constexpr int teams_per_processor = 1;
  static constexpr int unroll = ReduceTuning<Target::gpu>::unroll;
  static constexpr std::int64_t one_team_packs = ReduceTuning<Target::gpu>::one_team_packs;
  static constexpr std::int64_t tail_from_packs = std::numeric_limits<std::int64_t>::max();
  static constexpr int tail_shift = ReduceTuning<Target::gpu>::tail_shift;
  static constexpr int tail_unit_rounds = ReduceTuning<Target::gpu>::tail_unit_rounds;
};

}  // namespace kp::impl::tuning

namespace kp::impl {

// The policy of the GPU this build compiles device code for, for code that
// runs there alone (launch bounds, bare CUDA kernels).
using GpuReduceTuning = tuning::ReduceTuning<tuning::kBuildGpu>;
// The host's, for code that runs on host spaces alone.
using HostReduceTuning = tuning::ReduceTuning<tuning::Target::host>;

}  // namespace kp::impl
