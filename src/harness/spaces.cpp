#include "harness/spaces.hpp"

namespace bench {

bool cuda_device_usable(std::string& why) {
#ifdef KOKKOS_ENABLE_CUDA
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    why = std::string("no usable CUDA device: ") + cudaGetErrorString(status);
    return false;
  }
  if (count == 0) {
    why = "no CUDA device found";
    return false;
  }
  return true;
#else
  why = "this build has no CUDA backend";
  return false;
#endif
}

int cuda_device_count() {
#ifdef KOKKOS_ENABLE_CUDA
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess ? count : 0;
#else
  return 0;
#endif
}

}  // namespace bench
