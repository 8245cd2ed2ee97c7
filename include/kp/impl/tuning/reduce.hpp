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

// GPU (vector): kTeamsPerSM teams of kTeam threads resident per SM
// (LaunchBounds caps registers at 64 a thread for that), each thread with
// kUnroll 16-byte loads in flight: 64 KiB per SM, several times what HBM's
// latency-bandwidth product asks for.
inline constexpr int kTeam = 256;
inline constexpr int kTeamsPerSM = 4;
inline constexpr int kUnroll = 4;

// GPU (vector): up to one round of kUnroll packs a thread of one team (16
// KiB), one team reads it all, its loads in flight together, and skips the
// cross-team step (a fence, an atomic and a second read of the partials).
inline constexpr std::int64_t kOneTeamPacks = std::int64_t{kTeam} * kUnroll;

}  // namespace kp::impl
