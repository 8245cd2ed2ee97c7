#pragma once
// Tuning of kp::segmented_reduce and the segmented scans. GPUs: one team a
// segment, its size from the mean segment length, so that short segments do
// not leave most of a large team idle.
#include <cstdint>

namespace kp::impl {

// Mean lengths from which a segment's team has 256 / 128 threads; shorter
// segments get one warp (32 threads, the least a CUDA team may have here).
inline constexpr std::int64_t kSegmentLargeTeamFrom = 2048;
inline constexpr std::int64_t kSegmentMidTeamFrom = 256;
// Reductions of segments this long on average get teams of kSegmentHugeTeam:
// 2^8 segments of 2^26 values fill the GPU's threads only with large teams.
inline constexpr std::int64_t kSegmentHugeTeamFrom = 16384;
inline constexpr int kSegmentHugeTeam = 512;
// GPU reductions: loads in flight a thread, each into its own fold.
inline constexpr int kSegmentTeamLanes = 4;

// Values a thread holds per round of a segment's scan (a round is team x
// kSegmentScanItems values staged in team scratch: 16 KiB for 16-byte
// values and 256 threads).
inline constexpr int kSegmentScanItems = 4;

// Host: independent folds a thread keeps over its segment (8 float adds in
// flight cover an add's latency on current x86 cores).
inline constexpr int kSegmentLanes = 8;

}  // namespace kp::impl
