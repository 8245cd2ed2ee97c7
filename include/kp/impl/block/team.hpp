#pragma once
// The bodies of kp::team_reduce and kp::team_scan (include/kp/team.hpp):
// team_combine and the tile scan of block_scan.hpp, with the result handed
// to every thread.
#include <Kokkos_Core.hpp>

#include <kp/impl/block/block_scan.hpp>
#include <kp/impl/block/team_combine.hpp>
#include <kp/impl/thread/combine_ops.hpp>
#include <kp/impl/thread/scan_op.hpp>

namespace kp::impl {

// Every thread's value folded by `combine` (UserOp), in every thread; ends
// with a barrier, so the scratch may be reused right after.
template <class Member, class T, class Combine>
KOKKOS_INLINE_FUNCTION T team_reduce_all(const Member& team, T* scratch, const T& value,
                                         const Combine& combine) {
  const T total = team_combine(team, scratch, value, combine);
  if (team.team_rank() == 0) scratch[0] = total;
  team.team_barrier();
  const T result = scratch[0];
  team.team_barrier();
  return result;
}

// One tile's sum scan from `prefix`; returns the tile's total in every thread.
template <class Member, class T>
KOKKOS_INLINE_FUNCTION T team_sum_scan(const Member& team, T* scratch, int items, const T* in,
                                       T* out, int count, const T& prefix, bool inclusive) {
  const TileScan<T, Member> tile(team, scratch, items, in, count);
  T total = 0;
  const T thread_prefix = tile.exclusive_prefix(tile.load(), total);
  tile.scan_and_store(prefix + thread_prefix, inclusive, out);
  return total;
}

// One tile's scan by op after `prefix` (maybe empty); returns the
// combination of the tile's values in every thread.
template <class Member, class T, class Op>
KOKKOS_INLINE_FUNCTION T team_op_scan(const Member& team, T* scratch, int items, const T* in,
                                      T* out, int count, const Running<T>& prefix, bool inclusive,
                                      const Op& op) {
  const TileScan<T, Member, Op> tile(team, scratch, items, in, count, op);
  T total{};
  const T thread_prefix = tile.exclusive_prefix(tile.load(), total);
  tile.scan_and_store(tile.start(prefix, thread_prefix), inclusive, out);
  return total;
}

// team_reduce's sum.
template <class T>
struct TeamPlus {
  KOKKOS_INLINE_FUNCTION T operator()(const T& a, const T& b) const { return a + b; }
};

}  // namespace kp::impl
