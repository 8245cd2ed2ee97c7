#pragma once
// Team-level pieces of the device reductions, generic over the value type and
// the combine operation (see combine_ops.hpp):
//  - team_combine: every thread's value into one, valid in team rank 0. CUDA
//    teams are whole warps: warps combine by register shuffles
//    (warp/reduce.hpp), then one value per warp meets
//    in scratch and warp 0 shuffles those. On the host, threads write their
//    values to scratch and rank 0 folds them.
//  - volatile_read: reads a value another team published, bypassing caches
//    that might hold a stale copy (the GPU's L1 is not coherent).
//  - last_ticket: which of the teams that published partials joins them.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstring>
#include <string>

#include <kp/impl/backend/cuda/block.hpp>  // CudaBlock, CudaGroup and the latter's team_combine
#include <kp/impl/core/common.hpp>
#include <kp/impl/warp/reduce.hpp>

namespace kp::impl {

template <class V>
KOKKOS_INLINE_FUNCTION V volatile_read(const V* source) {
  static_assert(sizeof(V) % sizeof(std::uint32_t) == 0, "values travel as 32-bit words");
  constexpr int kWords = sizeof(V) / sizeof(std::uint32_t);
  const volatile std::uint32_t* words = reinterpret_cast<const volatile std::uint32_t*>(source);
  std::uint32_t copy[kWords];
  for (int k = 0; k < kWords; ++k) copy[k] = words[k];
  V value;
  memcpy(static_cast<void*>(&value), copy, sizeof(V));
  return value;
}

// Called by one thread of each of `teams` teams right after its team
// stored a partial for the others: whether this team is the last of them to
// take a ticket on `counter`. The fences order the partial before the
// ticket, and every team's partial before the last team's reads of them.
KOKKOS_INLINE_FUNCTION bool last_ticket(unsigned* counter, unsigned teams) {
  Kokkos::memory_fence();
  const bool last = Kokkos::atomic_fetch_add(counter, 1u) == teams - 1;
  if (last) Kokkos::memory_fence();
  return last;
}

// Scratch bytes team_combine needs for a team of `team_size` threads.
template <class V>
KOKKOS_INLINE_FUNCTION constexpr std::size_t team_combine_scratch(int team_size) {
  return sizeof(V) * static_cast<std::size_t>(team_size);
}

// The same for a team on Space: on CUDA team_combine keeps one value a warp
// in scratch (large values, e.g. exact_sum.hpp's accumulator, would not fit
// one a thread).
template <class V, class Space>
KOKKOS_INLINE_FUNCTION constexpr std::size_t team_combine_scratch_on(int team_size) {
  return is_cuda_space<Space>()
             ? sizeof(V) * static_cast<std::size_t>((team_size + kWarp - 1) / kWarp)
             : team_combine_scratch<V>(team_size);
}

// `shared` holds team_combine_scratch_on<V, Space> bytes of team scratch. Every thread of
// the team must call it; the result is valid in team rank 0 only. Ends with
// a barrier, so the scratch may be reused right after. The values combine in
// rank order where InOrder (an operation that need not be commutative);
// otherwise CUDA's warps pair lanes 16 apart first, the order the device
// reductions' float sums were tuned and checked with.
template <bool InOrder = false, class Op, class Member>
KOKKOS_INLINE_FUNCTION typename Op::value_type team_combine(const Member& team,
                                                            typename Op::value_type* shared,
                                                            typename Op::value_type value,
                                                            const Op& op = Op()) {
  const int rank = team.team_rank();
  const int size = team.team_size();
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
  // With vector length 1 the team ranks are the linear thread ids, so ranks
  // 32w .. 32w+31 are warp w.
  const int lane = rank % kWarp, warp = rank / kWarp;
  value = warp_combine<InOrder>(value, op);
  if (lane == 0) shared[warp] = value;
  team.team_barrier();
  if (warp == 0) {
    value = lane < size / kWarp ? shared[lane] : op.identity();
    value = warp_combine<InOrder>(value, op);
  }
#else
  shared[rank] = value;
  team.team_barrier();
  if (rank == 0) {
    for (int t = 1; t < size; ++t) op.join(value, shared[t]);
  }
#endif
  team.team_barrier();
  return value;
}

}  // namespace kp::impl
