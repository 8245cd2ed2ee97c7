#pragma once
// Tuning of kp::reduce (and of the host chunking kp::minloc shares): one
// place for the constants, each with why it has its value. Their
// measurements are in docs/PERFORMANCE.md (reduce).
#include <cstdint>

namespace kp::impl {

// Host: independent accumulators a chunk; the compiler keeps them in SIMD
// registers, so the adds vectorize without -ffast-math reassociation.
inline constexpr int kHostLanes = 32;

// Host: bytes ahead a fold prefetches, a cache line at a time; the hardware
// prefetcher alone does not keep a Xeon core's read stream full.
inline constexpr std::int64_t kHostAhead = 4096;

// Host: values a chunk. Chunks depend on n alone, never on the thread
// count, so a sum has the same bits on every host space and thread count.
inline constexpr std::int64_t kHostChunk = 65536;

// Host: below kHostChunks chunks they halve, down to kHostMinChunk, so that
// short arrays still give each thread several (slack for a late thread).
inline constexpr std::int64_t kHostMinChunk = 16384;
inline constexpr std::int64_t kHostChunks = 256;

// GPU (vector): teams of kTeam threads resident per SM, each thread with
// kUnroll 16-byte loads in flight. Values of up to 8 bytes (sums) take
// kTeamsPerSM, 5: LaunchBounds caps registers at 48 a thread, and 80 KiB an
// SM are in flight (4 teams, 64 KiB, took 2% longer at 2^30 floats on an
// H200; 6 and 7 teams gained no more:
// docs/results/h200-2026-11-28/reduce-teams/). Wider values (minloc's value
// and index) keep kTeamsPerSMWide, 4, and 64 registers: at 48 their folds
// spill.
inline constexpr int kTeam = 256;
inline constexpr int kTeamsPerSM = 5;
inline constexpr int kTeamsPerSMWide = 4;
inline constexpr int kUnroll = 4;
template <class V>
inline constexpr int kTeamsPerSMOf = sizeof(V) <= 8 ? kTeamsPerSM : kTeamsPerSMWide;

// GPU (vector): up to one round of kUnroll packs a thread of one team (16
// KiB), one team reads it all, its loads in flight together, and skips the
// cross-team step (a fence, an atomic and a second read of the partials).
inline constexpr std::int64_t kOneTeamPacks = std::int64_t{kTeam} * kUnroll;

// GPU (vector), arrays of kTailFromPacks packs (512 MiB) or more: the last
// 1 / 2^kTailShift of the packs are not in the grid-strided shares but
// handed out at run time, kTailUnitRounds rounds of a team's loads (64 KiB)
// at a time, to the teams that finish their share first. Teams on some SMs
// read more slowly: at 2^30 floats on an H200 the 660 teams' shares end
// between 968 and 1001 us (median 983), and the last sets the time. With
// the tail the reduction ties CUB's at 2^28-2^30 rather than trailing by
// 1-2%; 1/16 or 1/8 of the packs, or units of 1, 2 or 8 rounds, did no
// better, and below 2^25 packs the tail costs more than it saves
// (docs/results/h200-2026-11-28/reduce-tail/).
inline constexpr std::int64_t kTailFromPacks = std::int64_t{1} << 25;
inline constexpr int kTailShift = 5;
inline constexpr int kTailUnitRounds = 4;

}  // namespace kp::impl
