#pragma once
// The native CUDA variant (CUDA builds, cuda space only): CUB's
// DeviceHistogram as the library baseline (the cluster kernel is the
// library's, HistogramAlgorithm::cluster). A copyable callable that
// the runner launches on Kokkos' CUDA stream.
#include <Kokkos_Core.hpp>

#if defined(KOKKOS_ENABLE_CUDA)
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "harness/spaces.hpp"
#include "histogram/bins.hpp"

namespace bench::histogram {

using CudaValues = View<const std::int32_t*, Kokkos::Cuda>;
using CudaCounts = View<Count*, Kokkos::Cuda>;

// Throws std::runtime_error naming `what` when a CUDA call failed.
void check_cuda(cudaError_t status, const char* what);

// cub::DeviceHistogram::HistogramEven over [0, B) with B bins. CUB does not
// clamp, so it reads the same values through a clamping iterator.
class CubHistogram {
 public:
  // Empty, with `why` set, when CUB's temporary storage exceeds kExtraBytesBudget.
  static std::optional<CubHistogram> make(CudaValues in, CudaCounts counts, std::string& why);
  void operator()() const;

 private:
  CudaValues in_;
  CudaCounts counts_;
  View<char*, Kokkos::Cuda> temp_;  // allocated once, outside the timed runs
};

}  // namespace bench::histogram
#endif
