#pragma once
// Warp level (CUB's WarpReduce and WarpScan) in Kokkos' terms: the threads
// of a team fall into warps of kp::warp::size<Space>() consecutive team
// ranks, which combine one value each by register shuffles, with no scratch
// and no team barrier, for use inside a user's team functor.
//
//   float sum = kp::warp::reduce(member, mine, kp::plus<float>{});  // valid in lane 0
//   float upto = kp::warp::inclusive_scan(member, mine, kp::plus<float>{});
//   // lane: member.team_rank() % kp::warp::size<Space>()
//
// - CUDA: a warp is 32 consecutive team ranks (vector length 1, the team a
//   whole number of warps); every lane of the warp calls the function
//   together (they synchronize the full warp).
// - Host spaces: a warp is one thread, its own warp: reduce and
//   inclusive_scan return the value itself, exclusive_scan its `init`.
// - op(a, b) -> T is callable on the space and associative; it need not be
//   commutative: a lower lane's value goes on the left. T is trivially
//   copyable, a multiple of 4 bytes (shuffles move 32-bit words).
// - Determinism: the order of combination is fixed by the code (a tree of
//   shuffles down for reduce, Kogge-Stone steps for the scans), so results
//   have the same bits on every call; integer sums are exact.
#include <Kokkos_Core.hpp>

#include <kp/impl/core/common.hpp>
#include <kp/impl/thread/combine_ops.hpp>
#include <kp/impl/warp/reduce.hpp>
#include <kp/impl/warp/scan.hpp>
#include <kp/impl/warp/shuffle.hpp>
#include <kp/ops.hpp>

namespace kp::warp {

// Team ranks per warp on `Space`: 32 on CUDA, 1 on host spaces.
template <class Space>
KOKKOS_INLINE_FUNCTION constexpr int size() {
  return impl::is_cuda_space<Space>() ? impl::kWarp : 1;
}

// The combination by `op` of the warp's values, in lane order, valid in lane
// 0 only (the other lanes hold partial combinations).
template <class Member, class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION T reduce([[maybe_unused]] const Member& team, const T& value,
                                [[maybe_unused]] const BinaryOp& op) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
  return impl::warp_combine_in_order(value, impl::UserOp<T, BinaryOp>{T{}, op});
#else
  return value;
#endif
}

// Lane l gets v_0 op ... op v_l.
template <class Member, class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION T inclusive_scan([[maybe_unused]] const Member& team, const T& value,
                                        [[maybe_unused]] const BinaryOp& op) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
  const int lane = team.team_rank() % impl::kWarp;
  return impl::warp_inclusive_scan(value, lane, op);
#else
  return value;
#endif
}

// Lane l gets init op v_0 op ... op v_{l-1} (lane 0: init).
template <class Member, class T, class BinaryOp>
KOKKOS_INLINE_FUNCTION T exclusive_scan([[maybe_unused]] const Member& team, const T& value,
                                        const T& init, [[maybe_unused]] const BinaryOp& op) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
  const int lane = team.team_rank() % impl::kWarp;
  const T inclusive = impl::warp_inclusive_scan(value, lane, op);
  const T before = impl::shuffle_up(inclusive, 1);
  return lane == 0 ? init : op(init, before);
#else
  (void)value;
  return init;
#endif
}

}  // namespace kp::warp
