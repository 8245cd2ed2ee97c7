#pragma once
// The one-team reduction (OneTeamReduceKernel, agent/vector_reduce.hpp) on
// CUDA: its work as a bare kernel of one block, launched directly on the
// space's stream, which costs less than a Kokkos team launch
// (docs/results/h200-2026-11-28/reduce-raw-launch/): at 16 KiB the launch
// is most of the call.
#include <Kokkos_Core.hpp>

#include <kp/impl/backend/cuda/block.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/tuning/reduce.hpp>

namespace kp::impl {

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
// Kernel's work (Kernel::run) by one block of the GPU policy's team.
template <class Kernel>
__global__ void __launch_bounds__(GpuReduceTuning::team) one_team_reduce_cuda(Kernel kernel) {
  constexpr int kThreads = GpuReduceTuning::team;
  using V = typename Kernel::V;
  __shared__ alignas(V) unsigned char warps[sizeof(V) * (kThreads / kWarp)];
  kernel.run(CudaBlock<kThreads>{}, reinterpret_cast<V*>(warps));
}

// launch_one_team on CUDA: the bare kernel, asynchronous on `space`.
template <class Kernel>
void launch_one_team(const Kokkos::Cuda& space, const Kernel& kernel) {
  one_team_reduce_cuda<<<1, GpuReduceTuning::team, 0, space.cuda_stream()>>>(kernel);
  check_cuda_launch("kp::reduce");
}
#endif

}  // namespace kp::impl
