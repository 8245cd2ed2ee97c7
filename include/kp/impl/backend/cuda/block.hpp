#pragma once
// CUDA blocks and groups of threads as the teams of code written against
// Kokkos' team member (team_combine, the segment teams), for kernels that
// kp launches itself (<<<...>>>), and the check after such a launch; a
// group's team_combine (by overload on CudaGroup: shuffles alone).
#include <Kokkos_Core.hpp>
#include <string>

#include <kp/impl/core/common.hpp>
#include <kp/impl/warp/reduce.hpp>

namespace kp::impl {

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

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
// team_combine of a CudaGroup: shuffles within the group's lanes (its
// `shared` is unused: no scratch, so no closing barrier either).
template <class Op, int kThreads, int kGroup>
__device__ typename Op::value_type team_combine(const CudaGroup<kThreads, kGroup>& group,
                                                typename Op::value_type* /*shared*/,
                                                typename Op::value_type value,
                                                const Op& op = Op()) {
  return group_combine(value, op, group.lanes(), kGroup);
}
#endif

}  // namespace kp::impl
