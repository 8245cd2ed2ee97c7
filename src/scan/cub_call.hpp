#pragma once
// A CUB device-wide call on Kokkos' stream, for the scan app's CUB rows.
#include <Kokkos_Core.hpp>
#if defined(KOKKOS_ENABLE_CUDA)
#include <algorithm>
#include <cub/cub.cuh>
#include <stdexcept>
#include <string>

#include "harness/benchmark.hpp"
#include "harness/spaces.hpp"

namespace bench::scan {

// A CUB device-wide call on Kokkos' stream: launch(temp, bytes) sizes its
// temporary storage with temp null, runs with it allocated (once, outside
// the timed runs).
template <class Launch>
class CubCall {
 public:
  explicit CubCall(Launch launch) : launch_(launch) {
    std::size_t bytes = 0;
    check(launch_(nullptr, bytes));
    temp_ = View<char*, Kokkos::Cuda>("cub temp", std::max<std::size_t>(bytes, 1));
  }
  void run() const {
    std::size_t bytes = temp_.extent(0);
    check(launch_(temp_.data(), bytes));
  }

 private:
  static void check(cudaError_t status) {
    if (status != cudaSuccess)
      throw std::runtime_error(std::string("cub: ") + cudaGetErrorString(status));
  }
  Launch launch_;
  View<char*, Kokkos::Cuda> temp_;
};

}  // namespace bench::scan
#endif
