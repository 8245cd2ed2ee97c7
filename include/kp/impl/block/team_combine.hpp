#pragma once
// Team-level pieces of the device reductions, generic over the value type and
// the combine operation (see combine_ops.hpp):
//  - team_combine: every thread's value into one, valid in team rank 0. On
//    CUDA, warps combine by register shuffles, then one value per warp meets
//    in scratch and warp 0 shuffles those. On the host, threads write their
//    values to scratch and rank 0 folds them.
//  - volatile_read: reads a value another team published, bypassing caches
//    that might hold a stale copy (the GPU's L1 is not coherent).
//  - last_ticket: which of the teams that published partials joins them.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstring>
#include <string>

#include <kp/impl/core/common.hpp>

namespace kp::impl {

// CUDA teams of team_combine are whole warps: a multiple of kWarp threads.
inline constexpr int kWarp = 32;

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

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
// A CUDA block of kThreads threads as the team of code written against
// Kokkos' team member (team_combine, the segment teams), for kernels that
// kp launches itself (<<<...>>>) where a Kokkos team launch costs more: its
// league rank is the block's index, its league size the grid's.
// team_combine needs kThreads / kWarp values of shared memory with it.
template <int kThreads>
struct CudaBlock {
  static_assert(kThreads % kWarp == 0, "whole warps");
  __device__ int league_rank() const { return static_cast<int>(blockIdx.x); }
  __device__ int league_size() const { return static_cast<int>(gridDim.x); }
  __device__ int team_rank() const { return static_cast<int>(threadIdx.x); }
  __device__ int team_size() const { return kThreads; }
  __device__ void team_barrier() const { __syncthreads(); }
};

// kGroup consecutive threads (a power of two up to a warp) of a block of
// kThreads as the team of such code, the block's groups its teams in
// order: group g of block b is team b * (kThreads / kGroup) + g. The group
// combines by shuffles alone and meets at __syncwarp with its own mask, so
// the groups of a warp may take different paths.
template <int kThreads, int kGroup>
struct CudaGroup {
  static_assert(kGroup > 0 && kGroup <= kWarp && (kGroup & (kGroup - 1)) == 0,
                "a power of two up to a warp");
  static_assert(kThreads % kWarp == 0, "whole warps");
  static constexpr int kTeams = kThreads / kGroup;  // a block's
  __device__ int league_rank() const {
    return static_cast<int>(blockIdx.x) * kTeams + static_cast<int>(threadIdx.x) / kGroup;
  }
  __device__ int league_size() const { return static_cast<int>(gridDim.x) * kTeams; }
  __device__ int team_rank() const { return static_cast<int>(threadIdx.x) % kGroup; }
  __device__ int team_size() const { return kGroup; }
  // The group's lanes of its warp.
  __device__ unsigned lanes() const {
    if constexpr (kGroup == kWarp) {
      return 0xffffffffu;
    } else {
      return ((1u << kGroup) - 1u) << (static_cast<int>(threadIdx.x) % kWarp / kGroup * kGroup);
    }
  }
  __device__ void team_barrier() const { __syncwarp(lanes()); }
};

// After such a launch: throws where it failed (a launch refused for its
// configuration or resources shows only here, not at a later fence).
inline void check_cuda_launch(const char* call) {
  check_cuda(cudaGetLastError(), std::string(call) + ": kernel launch failed");
}
#endif

// Scratch bytes team_combine needs for a team of `team_size` threads.
template <class V>
KOKKOS_INLINE_FUNCTION constexpr std::size_t team_combine_scratch(int team_size) {
  return sizeof(V) * static_cast<std::size_t>(team_size);
}

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
// The value of the lane `delta` above among the `width` lanes of `lanes`,
// word by word (any trivially copyable V).
template <class V>
__device__ V shuffle_down(const V& value, int delta, unsigned lanes = 0xffffffffu,
                          int width = kWarp) {
  static_assert(sizeof(V) % sizeof(std::uint32_t) == 0, "values travel as 32-bit words");
  constexpr int kWords = sizeof(V) / sizeof(std::uint32_t);
  std::uint32_t words[kWords];
  memcpy(words, static_cast<const void*>(&value), sizeof(V));
  for (int k = 0; k < kWords; ++k) words[k] = __shfl_down_sync(lanes, words[k], delta, width);
  V out;
  memcpy(static_cast<void*>(&out), words, sizeof(V));
  return out;
}

// Lane 0 ends with the warp's combined value (the other lanes hold partial
// combinations: lanes past the end receive their own value back).
template <class Op>
__device__ typename Op::value_type warp_combine(typename Op::value_type value, const Op& op) {
  for (int delta = kWarp / 2; delta > 0; delta /= 2) op.join(value, shuffle_down(value, delta));
  return value;
}

// team_combine of a CudaGroup: shuffles within the group's lanes (its
// `shared` is unused: no scratch, so no closing barrier either).
template <class Op, int kThreads, int kGroup>
__device__ typename Op::value_type team_combine(const CudaGroup<kThreads, kGroup>& group,
                                                typename Op::value_type* /*shared*/,
                                                typename Op::value_type value,
                                                const Op& op = Op()) {
  for (int delta = kGroup / 2; delta > 0; delta /= 2) {
    op.join(value, shuffle_down(value, delta, group.lanes(), kGroup));
  }
  return value;
}
#endif

// `shared` holds team_combine_scratch bytes of team scratch. Every thread of
// the team must call it; the result is valid in team rank 0 only. Ends with
// a barrier, so the scratch may be reused right after.
template <class Op, class Member>
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
  value = warp_combine(value, op);
  if (lane == 0) shared[warp] = value;
  team.team_barrier();
  if (warp == 0) {
    value = lane < size / kWarp ? shared[lane] : op.identity();
    value = warp_combine(value, op);
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
