#pragma once
// The classic shared-memory tree reduction, written once as barrier-separated
// steps. Two drivers run the same text: a Kokkos team (team_barrier between
// steps, see block_reduce.hpp) and the coroutine block emulator (co_await
// between steps, see emulator/), so the host can test the barrier logic with
// real interleavings and compare bit for bit with the GPU.
#include <Kokkos_Core.hpp>

namespace bench::block {

// log2 of a power-of-two block size.
KOKKOS_INLINE_FUNCTION constexpr int log2_exact(int block_size) {
  int steps = 0;
  while ((1 << steps) < block_size) ++steps;
  return steps;
}

template <class T>
struct TreeReduceSteps {
  // Number of steps for `block_size` threads (a power of two); a barrier
  // follows each step.
  KOKKOS_INLINE_FUNCTION static constexpr int count(int block_size) {
    return log2_exact(block_size);
  }
  // Step s: the lower half of the active range adds the upper half onto itself.
  // After the last step shared[0] holds the sum, added in a fixed tree order.
  KOKKOS_INLINE_FUNCTION static void step(int s, int rank, int block_size, T* shared) {
    const int stride = block_size >> (s + 1);
    if (rank < stride) shared[rank] += shared[rank + stride];
  }
};

// The same tree evaluated sequentially: the reference the block versions
// must match bit for bit.
template <class T>
T tree_reduce_reference(T* values, int block_size) {
  for (int s = 0; s < TreeReduceSteps<T>::count(block_size); ++s) {
    for (int rank = 0; rank < block_size; ++rank) {
      TreeReduceSteps<T>::step(s, rank, block_size, values);
    }
  }
  return values[0];
}

}  // namespace bench::block
