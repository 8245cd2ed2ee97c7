#pragma once
// Counter-based random numbers: the generator behind kp::sample's and
// kp::AliasTable's draws, for a user's own kernels (and for drawing the same
// numbers the library draws).
//
//   const std::uint64_t start = kp::stream_start(seed);   // once, on the host
//   ...                                                     // in a kernel:
//   const double u = kp::unit_interval(kp::random_bits(start, i));  // draw i, in [0, 1)
//
// Draw i of a stream is computed from i alone (SplitMix64 of a counter,
// Steele, Lea and Flood 2014, which passes BigCrush), not by stepping a
// state: a draw's bits are the same on every space, thread count and order
// of evaluation, and kernels hold no generator state (no pool, no locks).
// Every function is callable on the host and on the device, and costs a few
// integer multiplies.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include <kp/impl/core/common.hpp>
#include <kp/impl/thread/counter_rng.hpp>

namespace kp {

// SplitMix64's output function: a bijective 64-bit mix of x. Applied to a
// counter (0, 1, 2, ...) it is a tiny generator, the same on every machine.
using impl::splitmix64;

// The start of the stream of `seed`: a mixed point, so that the streams of
// seeds 1 and 2 are not the same draws shifted by one.
using impl::stream_start;

// 64 random bits for draw `i` of the stream that starts at `start`.
using impl::random_bits;

// A uniform double in [0, 1) from the top 53 of `bits` (every multiple of
// 2^-53 equally likely).
using impl::unit_interval;

}  // namespace kp
