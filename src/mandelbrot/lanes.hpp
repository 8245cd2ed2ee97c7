#pragma once
// A row of the image on a host thread, its pixels in SIMD lanes: every lane
// does escape_count's operations in lockstep with the others, so the counts
// are escape_count's bit for bit. Two forms:
// - wide: 32 lanes whose state is all doubles (the count and the live mask
//   too), so that every step is a vector compare, blend or add: for CPUs
//   with AVX-512 (its 32 registers hold the lanes' state);
// - narrow: 8 scalar lanes whose independent chains hide each other's
//   latency: SSE2 and AVX2.
// On x86-64 both are also built for those instruction sets, whatever the
// build's target, and picked at run time (lanes.cpp); no product is fused
// into an FMA, so the counts stay bit for bit.
#include <cstdint>

#include "mandelbrot/frame.hpp"

namespace bench::mandelbrot {

enum class LaneForm { narrow, wide };

// The form this CPU runs best: wide with AVX-512, narrow otherwise.
LaneForm best_lane_form();

// The escape counts of row `row` (frame.width pixels) into out[0 .. width).
void escape_row(const Frame& frame, std::int64_t row, Iterations* out,
                LaneForm form = best_lane_form());

}  // namespace bench::mandelbrot
