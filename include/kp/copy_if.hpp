#pragma once
// Stream compaction: the elements of a rank-1 View that satisfy a predicate,
// in their order (stable), or their indices (RAJAPerf's INDEXLIST).
//
//   // out(k): the k-th selected value; index(k): its index in `in`
//   std::int64_t kept = kp::copy_if(space, in, out, pred);
//   std::int64_t same = kp::copy_index_if(space, in, index, pred);
//
// pred: a copyable functor, pred(x) -> bool, callable on the space. Returns
// the number selected (fences `space`). Only the first out.extent(0) of
// them are written: give `out` in.extent(0) elements, or as many as a
// count says (kp::transform_reduce of the predicate); the rest of out is
// left as it was. `out` must not overlap `in`. Deterministic: the result is
// the sequential one on every space. One pass (CopyIfAlgorithm::decoupled_lookback,
// the default: n reads, one write per selected element, each predicate
// evaluated twice per element, the second time from cache) or Kokkos'
// parallel_scan (CopyIfAlgorithm::kokkos, also what non-contiguous Views take).
// On a host the copy does not branch on the predicate: each element is
// written at the next position, which advances past selected ones only.
#include <cstdint>

#include <kp/algorithm.hpp>
#include <kp/impl/dispatch/copy_if.hpp>

namespace kp {

template <class ExecSpace, class InView, class OutView, class Pred>
std::int64_t copy_if(const ExecSpace& space, const InView& in, const OutView& out, Pred pred,
                     CopyIfAlgorithm algorithm = CopyIfAlgorithm::automatic) {
  static_assert(std::is_same_v<impl::value_t<InView>, impl::value_t<OutView>>,
                "kp::copy_if: in and out value types differ");
  return impl::compact<impl::EmitValue>("kp::copy_if", space, in, out, pred,
                                        impl::algorithm_of(algorithm));
}

// index's value type: an integer type that holds in.extent(0) - 1.
template <class ExecSpace, class InView, class IndexView, class Pred>
std::int64_t copy_index_if(const ExecSpace& space, const InView& in, const IndexView& index,
                           Pred pred, CopyIfAlgorithm algorithm = CopyIfAlgorithm::automatic) {
  static_assert(std::is_integral_v<impl::value_t<IndexView>>,
                "kp::copy_index_if: indices are integers");
  return impl::compact<impl::EmitIndex>("kp::copy_index_if", space, in, index, pred,
                                        impl::algorithm_of(algorithm));
}

}  // namespace kp
