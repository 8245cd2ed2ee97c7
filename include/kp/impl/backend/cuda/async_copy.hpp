#pragma once
// CUDA copies from global to shared memory that hold no register while in
// flight (cp.async, sm_80 and later): the staged tiles of the scan
// (register_tile.hpp) and of copy_if (compact_warps.hpp). Older GPUs load and
// store.
#include <Kokkos_Core.hpp>
#include <type_traits>

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)

namespace kp::impl {

// Starts a copy of kBytes (4 or 16, `to` and `from` aligned to it) from
// global memory at `from` to shared memory at `to`.
template <int kBytes>
__device__ void copy_async(void* to, const void* from) {
  static_assert(kBytes == 4 || kBytes == 16, "copies of 4 or 16 bytes");
#if __CUDA_ARCH__ >= 800
  const auto shared = static_cast<unsigned>(__cvta_generic_to_shared(to));
  if constexpr (kBytes == 16) {  // past L1: the data is read once
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(shared),
                 "l"(__cvta_generic_to_global(from))
                 : "memory");
  } else {
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(shared),
                 "l"(__cvta_generic_to_global(from))
                 : "memory");
  }
#else
  using Word = std::conditional_t<kBytes == 16, uint4, unsigned>;
  *static_cast<Word*>(to) = *static_cast<const Word*>(from);
#endif
}

// This thread's copies have landed; other threads see them after a barrier
// (__syncwarp within a warp).
__device__ inline void wait_async_copies() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_all;" ::: "memory");
#endif
}

}  // namespace kp::impl

#endif
