#pragma once
// What kp asks of a CUDA device, by overload on Kokkos::Cuda.
#include <Kokkos_Core.hpp>
#include <cstdint>

namespace kp::impl {

#if defined(KOKKOS_ENABLE_CUDA)
// The multiprocessors of the device, from the properties Kokkos read at
// initialize: no driver call per reduction.
inline std::int64_t processors(const Kokkos::Cuda& space) {
  return space.cuda_device_prop().multiProcessorCount;
}
#endif

}  // namespace kp::impl
