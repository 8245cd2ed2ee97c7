#pragma once
// Block (team) level: sums one value per team thread through team scratch
// memory, driving TreeReduceSteps with team_barrier. This is the benchmark's
// textbook tree (rank r adds rank r + stride), whose order of additions the
// emulator reproduces bit for bit; the library's kp::block::reduce adds in
// another order (shuffles within warps on CUDA, rank order on the host).
#include <Kokkos_Core.hpp>

#include "primitives/block/tree_reduce_steps.hpp"

namespace bench::block {

// `shared` holds team_size() values of team scratch; team_size() must be a
// power of two. Every thread of the team returns the sum.
template <class T, class Member>
KOKKOS_INLINE_FUNCTION T tree_reduce(const Member& team, T* shared, const T& value) {
  const int rank = team.team_rank();
  const int size = team.team_size();
  shared[rank] = value;
  team.team_barrier();
  for (int s = 0; s < TreeReduceSteps<T>::count(size); ++s) {
    TreeReduceSteps<T>::step(s, rank, size, shared);
    team.team_barrier();
  }
  const T sum = shared[0];
  team.team_barrier();  // the scratch may be reused right after
  return sum;
}

}  // namespace bench::block
