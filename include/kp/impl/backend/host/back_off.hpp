#pragma once
// A host thread's wait on another's work (the look-back's poll of a
// predecessor's tile status): the thread it waits for may be descheduled
// (more threads than free cores), so after every `every` polls this one gives
// its core away. Device code compiles it to nothing, since a GPU thread's
// wait is spinning.
#include <Kokkos_Core.hpp>
#include <thread>

namespace kp::impl {

KOKKOS_INLINE_FUNCTION void host_back_off(int polls, int every) {
#if !defined(__CUDA_ARCH__)
  if (polls % every == 0) std::this_thread::yield();
#else
  (void)polls, (void)every;
#endif
}

}  // namespace kp::impl
