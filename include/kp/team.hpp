#pragma once
// Team level (CUB's block level): the pieces the device-wide calls are built
// from, for use inside a user's Kokkos::TeamPolicy functor. Every thread of
// the team must call them (they contain team barriers); `scratch` is team
// scratch of at least the *_scratch_size bytes, e.g.
//
//   policy.set_scratch_size(0, Kokkos::PerTeam(kp::team_reduce_scratch_size<float>(team_size)));
//   ...
//   float* s = static_cast<float*>(team.team_scratch(0).get_shmem(
//       kp::team_reduce_scratch_size<float>(team.team_size())));
//   float sum = kp::team_reduce(team, s, my_value);   // the same in every thread
//
// On CUDA, teams of team_reduce are whole warps (a multiple of 32 threads,
// vector length 1): warps combine by shuffles, then one value per warp.
#include <Kokkos_Core.hpp>
#include <cstddef>

#include <kp/impl/block/team.hpp>

namespace kp {

// Rounded up to 8 bytes, as Kokkos' get_shmem rounds every request.
template <class T>
KOKKOS_INLINE_FUNCTION constexpr std::size_t team_reduce_scratch_size(int team_size) {
  return (sizeof(T) * static_cast<std::size_t>(team_size < 1 ? 1 : team_size) + 7) / 8 * 8;
}

// The fold of every thread's value by op (associative, commutative), with
// `identity` its identity; returned in every thread.
template <class Member, class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION T team_reduce(const Member& team, T* scratch, const T& value,
                                     const T& identity, const BinaryOp& op) {
  return impl::team_reduce_all(team, scratch, value, impl::UserOp<T, BinaryOp>{identity, op});
}

// The sum of every thread's value, returned in every thread.
template <class Member, class T>
KOKKOS_INLINE_FUNCTION T team_reduce(const Member& team, T* scratch, const T& value) {
  return team_reduce(team, scratch, value, T(0), impl::TeamPlus<T>{});
}

template <class T>
KOKKOS_INLINE_FUNCTION constexpr std::size_t team_scan_scratch_size(int team_size, int items) {
  return impl::tile_scratch_bytes<T>(team_size * items, team_size);
}

// Scans one tile of `count` <= team_size * items values at `in` into `out`
// (may be `in`), starting from `prefix`, inclusive or exclusive; returns the
// tile's total (without `prefix`) in every thread. Sums combine adjacent
// values only, so integer tiles equal the sequential scan.
template <class Member, class T>
KOKKOS_INLINE_FUNCTION T team_scan(const Member& team, T* scratch, int items, const T* in, T* out,
                                   int count, const T& prefix, bool inclusive) {
  return impl::team_sum_scan(team, scratch, items, in, out, count, prefix, inclusive);
}

// The same by `op` (op(a, b) -> T, associative, `a` the earlier values; not
// necessarily commutative) for any trivially copyable T: out starts after
// `prefix`. Returns the combination of the tile's values in every thread
// (of no values: T{}). Values combine adjacent ranges, earlier on the left.
template <class Member, class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION T team_scan(const Member& team, T* scratch, int items, const T* in, T* out,
                                   int count, const T& prefix, bool inclusive, const BinaryOp& op) {
  return impl::team_op_scan(team, scratch, items, in, out, count, impl::Running<T>{prefix, true},
                            inclusive, op);
}

// The inclusive scan by `op` with nothing before the tile: out[i] = in[0]
// op ... op in[i].
template <class Member, class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION T team_inclusive_scan(const Member& team, T* scratch, int items, const T* in,
                                             T* out, int count, const BinaryOp& op) {
  return impl::team_op_scan(team, scratch, items, in, out, count, impl::Running<T>{T{}, false},
                            true, op);
}

}  // namespace kp
