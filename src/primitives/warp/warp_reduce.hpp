#pragma once
// Warp (vector) level: sums the `width` lane values of one team thread.
// Its lanes are a thread's vector lanes, emulated in a loop on the host, so
// that every space runs the same exchanges; kp::warp's are team ranks (a
// host warp is one thread), so they do not compute the same thing here.
// On CUDA, with the team's vector length equal to `width` (<= 32), the lanes
// are the threads of a warp and exchange registers with __shfl_down_sync. On
// the host backends, vector lanes run one after another, so the same
// exchange goes through `exchange` (width values of scratch per team thread),
// each ThreadVectorRange loop ending where a barrier stands.
#include <Kokkos_Core.hpp>

#include "primitives/warp/shuffle_reduce_steps.hpp"

namespace bench::warp {

// `lanes` holds this team thread's `width` lane values (scratch); `exchange`
// is width more values of scratch, used off the GPU. Returns the sum to every
// lane of the calling team thread.
template <class T, class Member>
KOKKOS_INLINE_FUNCTION T shuffle_reduce(const Member& member, T* lanes, T* exchange, int width) {
  using Steps = ShuffleReduceSteps<T>;
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
  (void)exchange;
  Kokkos::parallel_for(Kokkos::ThreadVectorRange(member, width), [&](int lane) {
    T value = lanes[lane];
    for (int s = 0; s < Steps::count(width); ++s) {
      value += __shfl_down_sync(0xffffffffu, value, Steps::offset(s, width), width);
    }
    if (lane == 0) lanes[0] = value;
  });
  __syncwarp();
#else
  for (int s = 0; s < Steps::count(width); ++s) {
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(member, width),
                         [&](int lane) { Steps::publish(lane, lanes[lane], exchange); });
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(member, width),
                         [&](int lane) { Steps::gather(s, lane, width, lanes[lane], exchange); });
  }
#endif
  return lanes[0];
}

}  // namespace bench::warp
