#pragma once
// CUB's device-wide algorithms are called twice: with a null storage pointer
// to size their temporary storage, then to run. This sizes and allocates the
// storage once (outside any timed run) and returns the run. CUDA builds only.
#include <Kokkos_Core.hpp>

#if defined(KOKKOS_ENABLE_CUDA)
#include <algorithm>
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>

#include "harness/spaces.hpp"

namespace bench {

// Throws std::runtime_error naming `what` when a CUDA call failed.
inline void require_cuda(cudaError_t status, const std::string& what) {
  if (status != cudaSuccess) {
    throw std::runtime_error(what + ": " + cudaGetErrorString(status));
  }
}

// `call(void* temp, std::size_t& temp_bytes)` is one CUB call with every
// other argument bound (it must enqueue on Kokkos' CUDA stream).
template <class Call>
std::function<void()> cub_with_temp_storage(const std::string& what, Call call) {
  std::size_t bytes = 0;
  require_cuda(call(nullptr, bytes), what + " (sizing)");
  // Never empty: a null pointer would mean "size only" again.
  const View<unsigned char*, Kokkos::Cuda> temp(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, what + " temp"),
      std::max<std::size_t>(bytes, 1));
  return [=] {
    std::size_t temp_bytes = temp.extent(0);
    require_cuda(call(temp.data(), temp_bytes), what);
  };
}

}  // namespace bench
#endif
