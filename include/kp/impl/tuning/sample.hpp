#pragma once
// Tuning of kp::sample's multinomial tree (multinomial.hpp). These constants
// choose which random numbers a node uses, so changing one changes the counts
// a seed gives (never their distribution).
#include <cstdint>

namespace kp::impl {

// Items per block (2^10): a block's tree, sums and counts, is 32 KiB of team
// scratch, which leaves room for several teams per GPU multiprocessor and
// stays in a host core's L1/L2.
inline constexpr int kSampleLogBlock = 10;

// The cost model that picks, per node, walking each draw down its subtree
// over splitting it by binomials, in units of about a nanosecond of one
// host core: a walk costs base + per_level * height, a binomial
// kSampleBinomialCost (BTRD's setup and one or two uniforms).
inline constexpr std::uint64_t kSampleDescentBase = 8;
inline constexpr std::uint64_t kSampleDescentPerLevel = 3;
inline constexpr std::uint64_t kSampleBinomialCost = 50;

// Binomial(n, p) with n min(p, 1 - p) below this is drawn by inversion
// (about n p + 1 products), above by BTRD (O(1), with rejections and, on
// GPUs, divergent warps where it rejects; BTRD accepts fewer of its first
// tries the smaller n p (1 - p) is). One value for every space, as it
// chooses the variates: GPUs favour inversion up to about 64 (a warp waits
// on its slowest BTRD path), one host core favours BTRD from about 30
// (docs/PERFORMANCE.md, Sampling, has both sides' figures).
inline constexpr double kBinomialInversionBelow = 64;

// GPU threads per block's team (powers of two: below the level as wide as
// the team, each thread splits whole subtrees). Few blocks: 256 threads, so
// the levels' binomials run side by side; from kSampleGpuManyBlocks on, 64,
// so that more blocks share a multiprocessor and hide each other's barriers.
inline constexpr int kSampleGpuTeam = 256;
inline constexpr int kSampleGpuTeamMany = 64;
inline constexpr std::int64_t kSampleGpuManyBlocks = 2048;
// The folded kernel (below) runs at most one block a multiprocessor: its
// teams take 512 threads, so that every level of a block's split is at most
// a node a thread (256 threads split the last level's 512 nodes two a
// thread, and the team waits on the slower of two chains of binomials).
inline constexpr int kSampleGpuTeamFolded = 512;
// GPUs fold the top block's split into the level just below it (each of
// whose blocks then follows the top's split down its own path) where that
// level has at most this many blocks a multiprocessor: the folded kernel
// holds more registers a thread, so fewer of its teams fit.
inline constexpr std::int64_t kSampleFoldBlocksPerSM = 1;
// Teams of kSampleGpuTeamMany that the many-block launches ask to keep
// resident on a multiprocessor (LaunchBounds caps the registers to fit; 0:
// no cap). The splits are bound by the binomials' latency, so more resident
// warps hide more of it, as long as the cap does not spill their loops.
inline constexpr int kSampleGpuMinTeams = 0;
static_assert((kSampleGpuTeam & (kSampleGpuTeam - 1)) == 0, "a power of two");
static_assert((kSampleGpuTeamMany & (kSampleGpuTeamMany - 1)) == 0, "a power of two");
static_assert((kSampleGpuTeamFolded & (kSampleGpuTeamFolded - 1)) == 0, "a power of two");

// Alias draws (alias_draws.hpp):
// Draws a thread makes together: every table read of a batch is issued
// before its first count (independent loads in flight).
inline constexpr std::int64_t kSampleBatch = 8;
// Host draws a task: counted into the rows of the thread that takes it.
inline constexpr std::uint64_t kSampleDrawTask = 32768;
// Host draws pick column or alias by arithmetic, not a branch, once the
// mean share of mispredicted coins passes this: a predicted branch beats the
// select, a branch that misses half the time loses to it.
inline constexpr double kSampleSelectAboveMisses = 1.0 / 16;

}  // namespace kp::impl
