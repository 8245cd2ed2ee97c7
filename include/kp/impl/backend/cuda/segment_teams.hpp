#pragma once
// CUDA's launches of a segmented reduction's teams (agent/segment_teams.hpp):
// bare kernels launched on the space's stream, overloads of
// launch_segment_teams and launch_segment_chunks for Kokkos::Cuda. Through
// a Kokkos TeamPolicy the same teams took longer
// (docs/results/h200-2026-11-28/segmented-bare/); team sizes without a
// kernel here take the Kokkos teams.
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
#include <Kokkos_Core.hpp>
#include <cstdint>

#include <kp/impl/agent/segment_teams.hpp>
#include <kp/impl/block/team_combine.hpp>
#include <kp/impl/core/common.hpp>

namespace kp::impl {

using SegmentedCudaTuning = SegmentedTuned<Kokkos::Cuda>;

// Work's run(team, shared, slot) (the segment teams', the chunk wave's) on
// a block of kThreads: team_combine's values and the slot rank 0 hands to
// the block, in shared memory.
template <int kThreads, class Work>
__device__ void run_on_block(const Work& work) {
  using T = typename Work::T;
  __shared__ alignas(T) unsigned char warps[sizeof(T) * (kThreads / kWarp)];
  __shared__ SegmentCounter slot;
  work.run(CudaBlock<kThreads>{}, reinterpret_cast<T*>(warps), &slot);
}

// The segment teams, a block of kThreads a segment, compiled for
// block_threads_per_sm threads an SM (warps: for warps_per_sm blocks).
template <int kThreads, class Teams>
__global__ void __launch_bounds__(kThreads, kThreads == kWarp
                                                ? SegmentedCudaTuning::warps_per_sm
                                                : SegmentedCudaTuning::block_threads_per_sm /
                                                      kThreads) segment_teams_cuda(Teams teams) {
  run_on_block<kThreads>(teams);
}

// The segment teams as groups of kGroup threads (CudaGroup) in blocks of
// group_block, for segments too short to keep a warp's loads busy: the
// block's groups take consecutive segments, so its warps' loads run side
// by side, and the blocks fill the SM as teams of 256 do.
template <int kGroup, class Teams>
__global__ void __launch_bounds__(SegmentedCudaTuning::group_block,
                                  SegmentedCudaTuning::block_threads_per_sm /
                                      SegmentedCudaTuning::group_block)
    segment_groups_cuda(Teams teams, int segments) {
  using Group = CudaGroup<SegmentedCudaTuning::group_block, kGroup>;
  __shared__ SegmentCounter slots[Group::kTeams];
  const Group group;
  // The last block's groups past the segments leave. Their numbers stay
  // below 2^31: segments < 2^31 and kTeams is a power of two, so blocks x
  // kTeams <= 2^31.
  if (group.league_rank() >= segments) return;
  teams.run(group, nullptr, &slots[static_cast<int>(threadIdx.x) / kGroup]);
}

template <int kGroup, class Teams>
void launch_segment_groups(const Teams& teams, std::int64_t segments, cudaStream_t stream) {
  constexpr int kBlock = SegmentedCudaTuning::group_block;
  constexpr int kTeams = kBlock / kGroup;
  const auto blocks = static_cast<unsigned>((segments + kTeams - 1) / kTeams);
  segment_groups_cuda<kGroup><<<blocks, kBlock, 0, stream>>>(teams, static_cast<int>(segments));
}

// The segment teams on CUDA: segment_teams_cuda (a warp, block_team,
// huge_team) or segment_groups_cuda (groups of 1 to 16); other team sizes
// as Kokkos teams.
template <class Teams>
void launch_segment_teams(const char* call, const Kokkos::Cuda& space, const Teams& teams,
                          std::int64_t segments, int team) {
  constexpr int kBlockTeam = SegmentedCudaTuning::block_team;
  constexpr int kHugeTeam = SegmentedCudaTuning::huge_team;
  const auto blocks = static_cast<unsigned>(segments);
  const cudaStream_t stream = space.cuda_stream();
  switch (team) {
    case 1:
      launch_segment_groups<1>(teams, segments, stream);
      break;
    case 2:
      launch_segment_groups<2>(teams, segments, stream);
      break;
    case 4:
      launch_segment_groups<4>(teams, segments, stream);
      break;
    case 8:
      launch_segment_groups<8>(teams, segments, stream);
      break;
    case 16:
      launch_segment_groups<16>(teams, segments, stream);
      break;
    case kWarp:
      segment_teams_cuda<kWarp><<<blocks, kWarp, 0, stream>>>(teams);
      break;
    case kBlockTeam:
      segment_teams_cuda<kBlockTeam><<<blocks, kBlockTeam, 0, stream>>>(teams);
      break;
    case kHugeTeam:
      segment_teams_cuda<kHugeTeam><<<blocks, kHugeTeam, 0, stream>>>(teams);
      break;
    default:
      launch_segment_teams_kokkos(call, space, teams, segments, team);
      return;
  }
  check_cuda_launch("kp::segmented_reduce");
}

// Kernels built for Hopper (KOKKOS_ARCH_HOPPER, sm_90) let the chunk wave
// launch before the segment teams end (programmatic dependent launch,
// which needs sm_90; other builds launch it as usual): its blocks become
// resident as the segment teams' last ones leave and wait for them with
// griddepcontrol.wait, so that the wave's launch is hidden
// (docs/results/h200-2026-11-28/segmented-fence/).
#if defined(KOKKOS_ARCH_HOPPER)
inline constexpr bool kChunkWaveEarly = true;
#else
inline constexpr bool kChunkWaveEarly = false;
#endif

// The chunk wave as a bare CUDA kernel of blocks of chunk_team.
template <class Chunks>
__global__ void __launch_bounds__(SegmentedCudaTuning::chunk_team,
                                  SegmentedCudaTuning::chunk_wave_threads /
                                      SegmentedCudaTuning::chunk_team)
    segment_chunks_cuda(Chunks chunks) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  if constexpr (kChunkWaveEarly) asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
  run_on_block<SegmentedCudaTuning::chunk_team>(chunks);
}

// The chunk wave (`league` teams of `team`) on CUDA: segment_chunks_cuda
// for teams of chunk_team, launched right after the segment teams; other
// team sizes as Kokkos teams.
template <class Chunks>
void launch_segment_chunks(const char* call, const Kokkos::Cuda& space, const Chunks& chunks,
                           int league, int team) {
  constexpr int kTeam = SegmentedCudaTuning::chunk_team;
  if (team != kTeam) {
    launch_segment_chunks_kokkos(call, space, chunks, league, team);
    return;
  }
  cudaLaunchAttribute early;
  early.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  early.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(static_cast<unsigned>(league));
  config.blockDim = dim3(kTeam);
  config.stream = space.cuda_stream();
  config.attrs = kChunkWaveEarly ? &early : nullptr;
  config.numAttrs = kChunkWaveEarly ? 1 : 0;
  check_cuda(cudaLaunchKernelEx(&config, segment_chunks_cuda<Chunks>, chunks),
             "kp::segmented_reduce: kernel launch failed");
}

}  // namespace kp::impl
#endif
