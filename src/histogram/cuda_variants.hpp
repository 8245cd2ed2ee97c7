#pragma once
// The native CUDA variants (CUDA builds, cuda space only): a histogram spread
// over a thread-block cluster's distributed shared memory, and CUB's
// DeviceHistogram as the library baseline. Each is a copyable callable that
// the runner launches on Kokkos' CUDA stream.
#include <Kokkos_Core.hpp>

#if defined(KOKKOS_ENABLE_CUDA)
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "harness/spaces.hpp"
#include "histogram/bins.hpp"

namespace kp::histogram {

using CudaValues = View<const std::int32_t*, Kokkos::Cuda>;
using CudaCounts = View<Count*, Kokkos::Cuda>;

// Throws std::runtime_error naming `what` when a CUDA call failed.
void check_cuda(cudaError_t status, const char* what);

// The B bins are split over the C blocks of a cluster (each owns a slice of
// ceil(B/C) bins in its shared memory); every thread adds each input to the
// owning block's slice through distributed shared memory, then each block
// adds its slice to the global counts.
class ClusterDsmHistogram {
 public:
  // Empty, with `why` set, where the device (compute capability < 9.0), the
  // build (no sm_90 code) or B (more than 16 blocks' shared memory) do not
  // allow it, or where no cluster of the chosen size can be resident.
  static std::optional<ClusterDsmHistogram> make(CudaValues in, CudaCounts counts,
                                                 std::string& why);
  void operator()() const;  // zeroes the counts, then counts the input
  int cluster_size() const { return cluster_; }

 private:
  CudaValues in_;
  CudaCounts counts_;
  int cluster_ = 1;  // blocks per cluster
  int slice_ = 0;    // bins per block
  int blocks_ = 0;   // whole grid: one wave of resident clusters
  std::size_t shared_bytes_ = 0;
};

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

}  // namespace kp::histogram
#endif
