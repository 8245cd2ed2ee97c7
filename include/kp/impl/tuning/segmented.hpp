#pragma once
// Tuning of kp::segmented_reduce and the segmented scans, per target
// (tuning/target.hpp). GPU reductions: a team a segment, its size from the
// mean segment length, and long segments' chunks queued for a wave of
// teams. GPU scans: one look-back pass over tiles in registers. Hosts: a
// thread a segment.
#include <cstddef>
#include <cstdint>

#include <kp/impl/tuning/reduce.hpp>
#include <kp/impl/tuning/scan.hpp>
#include <kp/impl/tuning/target.hpp>

namespace kp::impl {

template <tuning::Target T>
struct SegmentedTuning : tuning::Next<SegmentedTuning, T> {};

// Hopper (H100, H200).
template <>
struct SegmentedTuning<tuning::Target::hopper> {
  // Reductions, a team a segment, its size from the mean length: a team's
  // life is a chain of latencies (the offsets' load, its loads, the
  // combine), so short segments need many teams in flight. Below a mean of
  // warp_loads loads (16-byte packs: 1024 floats, 512 doubles), a group of
  // 1 to group_most threads (a power of two) with about group_loads loads a
  // thread, in blocks of group_block threads whose groups take consecutive
  // segments; from warp_loads a warp, from block_from values block_team threads,
  // from huge_team_from huge_team threads
  // (docs/results/h200-2026-11-29/segmented-groups/,
  // docs/results/h200-2026-11-27/segmented/,
  // docs/results/h200-2026-11-29/segmented-block-from/).
  static constexpr std::int64_t warp_loads = 256;
  static constexpr std::int64_t block_from = 2048;
  static constexpr int block_team = 256;
  static constexpr int group_loads = 2;
  static constexpr int group_most = 16;
  static constexpr int group_block = 256;
  static constexpr std::int64_t huge_team_from = 16384;
  static constexpr int huge_team = 512;
  // CUDA: the bare kernels of teams of 256 and 512 and of the groups'
  // blocks are compiled for block_threads_per_sm threads an SM (32
  // registers a thread: 4 teams of 512 or 8 of 256 resident)
  // (docs/results/h200-2026-11-28/segmented-bare/); those of a warp a
  // segment for warps_per_sm blocks an SM, the most an SM holds (64
  // registers) (docs/results/h200-2026-11-29/segmented-groups/).
  static constexpr int block_threads_per_sm = 2048;
  static constexpr int warps_per_sm = 32;
  // Packs a thread of a segment team loads before it folds them: the
  // reduce's (its pack fold). Elements that do not fill 16-byte packs:
  // loads in flight a thread, each into its own fold.
  static constexpr int unroll = tuning::ReduceTuning<tuning::Target::hopper>::unroll;
  static constexpr int team_lanes = 4;

  // Reductions, long segments: those of long_chunks chunks or more, or of
  // long_rounds rounds of the loads of the team that would take them, are
  // queued and cut into chunks of chunk_rounds rounds of a chunk_team
  // team's loads (team x unroll packs: 32768 floats), which one wave of
  // such teams takes one at a time: a chunk amortizes its partial and
  // ticket, and the queue spreads a few long segments, or one among short
  // ones, over the GPU. The wave is chunk_wave_threads a multiprocessor:
  // 3 teams of 256, as many as its registers let one hold (72 a thread), so
  // that it is one round of teams. A chunk's thread loads chunk_loads packs
  // before it folds any (the segment teams keep unroll)
  // (docs/results/h200-2026-11-28/segmented-loads/,
  // docs/results/h100-2026-11-28/segmented-loads/).
  static constexpr int chunk_team = 256;
  static constexpr int chunk_wave_threads = 768;
  static constexpr std::int64_t chunk_rounds = 8;
  static constexpr std::int64_t long_chunks = 2;
  static constexpr std::int64_t long_rounds = 8;
  static constexpr int chunk_loads = 16;

  // Scans, the single pass: tiles of lookback_team threads (the scan's
  // register tile), at most lookback_items values and lookback_bytes of
  // (value, head) parts a thread: 16 floats in registers, 19.6 KB of team
  // scratch (the values' exchange and the head bits), 4 teams an SM
  // (docs/results/h200-2026-11-29/segmented-registers/).
  static constexpr int lookback_team = tuning::ScanTuning<tuning::Target::hopper>::team;
  static constexpr int lookback_items = 16;
  static constexpr std::size_t lookback_bytes = 128;

  // A thread a segment (Views that are not contiguous): the host's lanes,
  // not measured here.
  static constexpr int lanes = 8;
};

// Any other GPU: Hopper's policy, not measured there.
template <>
struct SegmentedTuning<tuning::Target::gpu> : SegmentedTuning<tuning::Target::hopper> {};

// Host spaces: a thread a segment, folding in `lanes` independent lanes
// (8 float adds in flight cover an add's latency on x86 cores). The teams
// and the single pass, when named (SegmentedAlgorithm), take Hopper's
// shapes with teams of `team` threads (one: a host team is a thread).
template <>
struct SegmentedTuning<tuning::Target::host> : SegmentedTuning<tuning::Target::hopper> {
  static constexpr int lanes = 8;
  static constexpr int team = 1;
  static constexpr int lookback_team = 1;
};

}  // namespace kp::impl
