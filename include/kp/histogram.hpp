#pragma once
// kp::histogram: counts of integer values in bins 0 .. B-1, B = counts.extent(0).
//
//   kp::histogram(space, values, counts);   // counts(b) = #{i : clamp(values(i)) == b}
//
// Semantics
// - values: a rank-1 View of int32 or int64 that `space` can read; a value
//   below 0 counts in bin 0, one at or above B in bin B-1.
// - counts: a rank-1 View of uint32 or uint64 that `space` can write,
//   overwritten, not added to. uint64 cannot overflow on any real input;
//   uint32 wraps past 2^32 - 1 in one bin.
// - No values: the counts are zeroed, whatever the algorithm asked for.
// - Asynchronous on `space`: returns at once; fence `space` before reading
//   counts, and keep both Views alive until then.
//
// Errors (std::invalid_argument, thrown on the host before any work)
// - B = 0 with non-empty values;
// - an `algorithm` the call does not implement or the space cannot run:
//   private_bins on a GPU, team_scratch with more bins than a team's
//   scratch holds, cluster without a usable cluster plan (not CUDA sm_90).
//
// Determinism: counts are exact, so identical on every space, algorithm and
// thread count.
//
// Complexity: O(n + B) work, one read of the values and one write of the
// counts. Host spaces (private_bins) add O(threads * B) of rows zeroed and
// summed, while those rows fit 256 MiB; past that, and on GPUs past the
// bins a thread-block cluster holds, one atomic add per value into counts.
// The algorithm for each space and bin count: docs/API.md, the dispatch
// table; measurements: docs/PERFORMANCE.md.
#include <kp/algorithm.hpp>
#include <kp/impl/dispatch/histogram.hpp>

namespace kp {

// Counts `values` into the bins of `counts` on `space` (see above).
template <class ExecSpace, class ValuesView, class CountsView>
void histogram(const ExecSpace& space, const ValuesView& values, const CountsView& counts,
               HistogramAlgorithm algorithm = HistogramAlgorithm::automatic) {
  impl::histogram(space, values, counts, impl::algorithm_of(algorithm));
}

}  // namespace kp
