#pragma once
// The scan app's rows for a scan of 16-byte elements: the input's bytes read
// as pairs of 64-bit integers, scanned with a wrapping pair sum (exact in
// any order), by kp::inclusive_scan / exclusive_scan with that operator,
// CUB's DeviceScan with it (CUDA) and std::inclusive_scan (Serial). The
// rows move as many bytes as the sum scan of the same input, so their GB/s
// compare directly with its.
#include <cstdint>

#include "harness/benchmark.hpp"

namespace bench::scan {

struct Pair {
  std::uint64_t first, second;
};

// Adds kp-pairs (and cub-pairs, std-pairs where they run) to `c`: the
// size / 16 pairs of `in` scanned into `out` (device or host memory of
// Space), checked against the sequential scan of the same bytes of `host`.
template <class Space>
void add_pair_forms(SpaceCase& c, bool inclusive, const void* host, const void* in, void* out,
                    std::int64_t bytes);

}  // namespace bench::scan
