#pragma once
// Block level (CUB's BlockReduce and BlockScan) in Kokkos' terms: the threads
// of one team of a Kokkos::TeamPolicy combine one value each, for use inside
// a user's team functor. The device-wide calls are built from the same code.
//
//   const int team = ...;   // the policy's team size
//   policy.set_scratch_size(0, Kokkos::PerTeam(kp::block::scan_scratch_size<float>(team)));
//   ...                     // in the functor, every thread of the team:
//   float* s = static_cast<float*>(member.team_scratch(0).get_shmem(
//       kp::block::scan_scratch_size<float>(member.team_size())));
//   float total;
//   float before = kp::block::exclusive_scan(member, s, mine, 0.0f, kp::plus<float>{}, total);
//
// Rules shared by every call here:
// - Every thread of the team calls it, with the same arguments but its own
//   value (they contain team barriers); each ends with a barrier, so
//   `scratch` may be reused right after.
// - `scratch` is team scratch (Kokkos' get_shmem) of at least the
//   *_scratch_size bytes for the team size; the sizes are rounded up to the
//   8 bytes by which get_shmem rounds every request.
// - op(a, b) -> T is callable on the space and associative; it need not be
//   commutative: values combine in rank order, a lower rank's on the left.
//   T is trivially copyable, a multiple of 4 bytes.
// - Determinism: the order of the combination is fixed by the code, the team
//   size and the space (on CUDA: shuffles within warps of 32 ranks, then
//   the warps' values; on host spaces: in rank order), never by timing, so
//   a repeated call gives the same bits. Sums of integers are exact.
// - On CUDA, teams are whole warps (a multiple of 32 threads, vector length
//   1). A host team of one thread is its own block: its result is its value.
#include <Kokkos_Core.hpp>
#include <cstddef>
#include <type_traits>

#include <kp/impl/block/block_scan.hpp>
#include <kp/impl/block/team_combine.hpp>
#include <kp/impl/thread/combine_ops.hpp>
#include <kp/impl/thread/scan_op.hpp>
#include <kp/ops.hpp>
#include <kp/team.hpp>

namespace kp::block {

// Bytes of team scratch reduce needs for a team of `team_size` threads.
template <class T>
KOKKOS_INLINE_FUNCTION constexpr std::size_t reduce_scratch_size(int team_size) {
  return team_reduce_scratch_size<T>(team_size);
}

// The combination by `op` of every thread's value (rank order), valid in
// team rank 0 only (the other ranks get partial combinations). `identity`
// is op's identity: CUDA pads the last step's missing warps with it.
template <class Member, class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION T reduce(const Member& team, T* scratch, const T& value, const T& identity,
                                const BinaryOp& op) {
  return impl::team_combine</*InOrder=*/true>(team, scratch, value,
                                              impl::UserOp<T, BinaryOp>{identity, op});
}

// The sum of every thread's value, valid in team rank 0 only.
template <class Member, class T>
KOKKOS_INLINE_FUNCTION T reduce(const Member& team, T* scratch, const T& value) {
  return kp::block::reduce(team, scratch, value, T(0), plus<T>{});
}

// Bytes of team scratch the scans need for a team of `team_size` threads.
template <class T>
KOKKOS_INLINE_FUNCTION constexpr std::size_t scan_scratch_size(int team_size) {
  return impl::tile_scratch_bytes<T>(team_size, team_size);
}

namespace detail {
// kp::plus of arithmetic values scans as the library's sum (Kokkos'
// team_scan); any other operation by doubling steps, or shuffles on CUDA.
template <class T, class BinaryOp>
using ScanOp =
    std::conditional_t<impl::is_arithmetic_plus<BinaryOp, T>, impl::ScanSum<T>, BinaryOp>;

template <class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION ScanOp<T, BinaryOp> scan_op(const BinaryOp& op) {
  if constexpr (impl::is_arithmetic_plus<BinaryOp, T>) {
    return impl::ScanSum<T>{};
  } else {
    return op;
  }
}

// The combination of the lower ranks' values (rank 0: T{}), and in `total`
// every rank's, in every thread.
template <class Member, class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION T ranks_before(const Member& team, T* scratch, const T& value,
                                      const BinaryOp& op, T& total) {
  const impl::TileScan<T, Member, ScanOp<T, BinaryOp>> threads(
      team, scratch, 1, static_cast<const T*>(nullptr), team.team_size(), scan_op<T>(op));
  return threads.exclusive_prefix(value, total);
}
}  // namespace detail

// Rank r gets init op v_0 op ... op v_{r-1} (rank 0: init); every thread gets
// the combination of all the values (without init) in `total`.
template <class Member, class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION T exclusive_scan(const Member& team, T* scratch, const T& value,
                                        const T& init, const BinaryOp& op, T& total) {
  const T before = detail::ranks_before(team, scratch, value, op, total);
  return team.team_rank() == 0 ? init : op(init, before);
}

template <class Member, class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION T exclusive_scan(const Member& team, T* scratch, const T& value,
                                        const T& init, const BinaryOp& op) {
  T total{};
  return kp::block::exclusive_scan(team, scratch, value, init, op, total);
}

// Rank r gets v_0 op ... op v_r; every thread gets the combination of all
// the values in `total`.
template <class Member, class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION T inclusive_scan(const Member& team, T* scratch, const T& value,
                                        const BinaryOp& op, T& total) {
  const T before = detail::ranks_before(team, scratch, value, op, total);
  return team.team_rank() == 0 ? value : op(before, value);
}

template <class Member, class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION T inclusive_scan(const Member& team, T* scratch, const T& value,
                                        const BinaryOp& op) {
  T total{};
  return kp::block::inclusive_scan(team, scratch, value, op, total);
}

// Bytes of team scratch tile_reduce needs for tiles of team_size * items.
template <class T>
KOKKOS_INLINE_FUNCTION constexpr std::size_t tile_scratch_size(int team_size, int items) {
  return team_scan_scratch_size<T>(team_size, items);
}

// The sum of one tile of `count` <= team_size * items values at `in`, in
// every thread: each thread sums its `items` consecutive values, then the
// threads' sums in rank order. The same additions, in the same order, as
// kp::team_scan's total of the tile, so a tile's sum and its scan agree bit
// for bit. A team of one thread reads `in` directly and needs no scratch.
template <class Member, class T>
KOKKOS_INLINE_FUNCTION T tile_reduce(const Member& team, T* scratch, int items, const T* in,
                                     int count) {
  const impl::TileScan<T, Member> tile(team, scratch, items, in, count);
  T total = 0;
  tile.exclusive_prefix(tile.load(), total);
  return total;
}

}  // namespace kp::block
