#pragma once
// Tuning of kp::segmented_reduce and the segmented scans. GPU reductions:
// one team a segment, its size from the mean segment length, so that short
// segments do not leave most of a large team idle, and long segments'
// chunks queued for a wave of teams. GPU scans: one look-back pass.
#include <cstddef>
#include <cstdint>

namespace kp::impl {

// Reductions: a team a segment, its size from the mean segment length: a
// team's life is a chain of latencies (the offsets' load, its loads, the
// combine), so short segments need many teams in flight. Below a mean of
// kSegmentReduceWarpLoads loads (16-byte packs: 1024 floats, 512 doubles),
// a group of 1 to kSegmentGroupMost threads (a power of two) with about
// kSegmentGroupLoads loads a thread, in blocks of kSegmentGroupBlock
// threads whose groups take consecutive segments. At 2^26 floats in 2^18
// to 2^22 equal segments, a block of 32 a segment (an SM holds only 32
// blocks) took 2.0-23x as long; at 2^20, groups of 4 with 4 loads 1.1x as
// long as groups of 8 with 2, of 16 with 1 load 1.5x; at 2^17 (a mean of
// 512 floats), a warp a segment 1.1x as long as groups of 16, but at a
// mean of 512 doubles groups of 16 took 1.1x (equal) and 1.3x (power-law)
// a warp's time (docs/results/h200-2026-11-29/segmented-groups/). From
// kSegmentReduceWarpLoads a warp a segment, from kSegmentReduceBlockFrom
// values 256 threads, from kSegmentHugeTeamFrom kSegmentHugeTeam (the sweep
// of team sizes: docs/results/h200-2026-11-27/segmented/teams.txt; warps
// up to a mean of 8191 floats took 1.03x as long at 2^14 equal segments:
// docs/results/h200-2026-11-29/segmented-block-from/).
inline constexpr std::int64_t kSegmentReduceWarpLoads = 256;
inline constexpr std::int64_t kSegmentReduceBlockFrom = 2048;
inline constexpr int kSegmentGroupLoads = 2;
inline constexpr int kSegmentGroupMost = 16;
inline constexpr int kSegmentGroupBlock = 256;
inline constexpr std::int64_t kSegmentHugeTeamFrom = 16384;
inline constexpr int kSegmentHugeTeam = 512;
// CUDA: the segment teams of 256 and 512 threads and the groups' blocks
// are bare kernels compiled for kSegmentBlockThreadsPerSM threads an SM:
// 32 registers a thread, 4 teams of 512 or 8 of 256 resident. 40 registers
// (3 teams of 512) were 1-2% slower at 2^12 and 2^14 equal segments, and
// the compiler's own choice, 32 registers with spills, 5-12% slower
// (docs/results/h200-2026-11-28/segmented-bare/).
inline constexpr int kSegmentBlockThreadsPerSM = 2048;
// ... and its warps (a team a segment from a mean of kSegmentReduceWarpLoads
// loads) for 32 blocks an SM, the most an SM holds: 64 registers. Warps
// in blocks of groups (8 a block, 32 registers) took 1.08-1.11x as long at
// 2^16 equal segments of 2^26 floats (segmented-groups/).
inline constexpr int kSegmentWarpsPerSM = 32;
// GPU reductions of elements that do not fill 16-byte packs: loads in
// flight a thread, each into its own fold (packs take kUnroll of
// tuning/reduce.hpp).
inline constexpr int kSegmentTeamLanes = 4;

// GPU reductions: segments of kSegmentLongChunks chunks or more are queued
// and cut into chunks of kSegmentChunkRounds rounds of a kSegmentChunkTeam
// team's loads (team x kUnroll packs: 32768 floats), which one wave of such
// teams takes one at a time; a chunk is long enough to amortize its partial
// and ticket, and the queue spreads 2^8 segments of 2^18 floats, or one
// long segment among short ones, over the whole GPU.
inline constexpr int kSegmentChunkTeam = 256;
// The chunk wave's threads a multiprocessor: 3 teams of 256, as many as its
// registers (72 a thread, 16 loads in flight) let one hold, so the wave is
// one round of teams (4 a multiprocessor were 1.33 rounds, the last
// starting only when the queue was empty).
inline constexpr int kSegmentChunkWaveThreads = 768;
inline constexpr std::int64_t kSegmentChunkRounds = 8;
inline constexpr std::int64_t kSegmentLongChunks = 2;
// ... or of kSegmentLongRounds rounds of the loads of the team that would
// take it (a warp's segments: 4096 floats), so that one long segment among
// short ones does not hold up the launch.
inline constexpr std::int64_t kSegmentLongRounds = 8;
// The chunks' packs a thread loads before it folds any: a chunk is then two
// rounds of loads rather than eight, so a team waits on its loads twice a
// chunk rather than eight times. The segment teams keep kUnroll (16 there
// was no faster at 2^12 segments, and holds more registers). Grabbing the
// next chunk while this one's loads are in flight was slower where lengths
// vary: a team holds a chunk that an idle one could take
// (docs/results/{h100,h200}-2026-11-28/segmented-loads/).
inline constexpr int kSegmentChunkLoads = 16;

// GPU scans by the single pass: its values a thread, at most
// kSegmentLookbackItems and kSegmentLookbackBytes of (value, head) parts.
// Tiles of kRegisterTeam threads x 16 floats held in registers (19.6 KB of
// team scratch: the values' exchange and the head bits), 4 teams an SM:
// 2^26 floats in 2^8 to 2^20 segments of equal or power-law lengths took
// 0.95-0.99 of the time of CUB's scan by key on an H200
// (docs/results/h200-2026-11-29/segmented-registers/).
inline constexpr int kSegmentLookbackItems = 16;
inline constexpr std::size_t kSegmentLookbackBytes = 128;

// Host: independent folds a thread keeps over its segment (8 float adds in
// flight cover an add's latency on current x86 cores).
inline constexpr int kSegmentLanes = 8;

}  // namespace kp::impl
