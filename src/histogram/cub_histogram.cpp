// cub: CUB's DeviceHistogram, the library baseline on the cuda space.
#include "histogram/cuda_variants.hpp"

#if defined(KOKKOS_ENABLE_CUDA)
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <cub/cub.cuh>
#include <stdexcept>
#include <string>

namespace bench::histogram {

namespace {

// CUB drops values outside [lower, upper); the suite clamps them instead, so
// CUB reads every value through this clamp (no extra pass over the input).
struct ClampToBins {
  int bins;
  KOKKOS_INLINE_FUNCTION int operator()(std::int32_t value) const { return clamp_bin(value, bins); }
};

// One HistogramEven call: with temp == nullptr it only sizes the storage.
cudaError_t histogram_even(void* temp, std::size_t& temp_bytes, CudaValues in, CudaCounts counts) {
  const int bins = static_cast<int>(counts.extent(0));
  const auto samples = thrust::make_transform_iterator(in.data(), ClampToBins{bins});
  return cub::DeviceHistogram::HistogramEven(temp, temp_bytes, samples, counts.data(), bins + 1, 0,
                                             bins, static_cast<std::int64_t>(in.extent(0)),
                                             Kokkos::Cuda().cuda_stream());
}

}  // namespace

void check_cuda(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
  }
}

std::optional<CubHistogram> CubHistogram::make(CudaValues in, CudaCounts counts, std::string& why) {
  std::size_t temp_bytes = 0;
  check_cuda(histogram_even(nullptr, temp_bytes, in, counts), "cub::DeviceHistogram sizing");
  if (static_cast<double>(temp_bytes) > kExtraBytesBudget) {
    why = "its temporary storage needs " + std::to_string(temp_bytes) +
          " bytes, more than the budget of " + std::to_string(std::size_t(kExtraBytesBudget));
    return std::nullopt;
  }
  temp_bytes = std::max<std::size_t>(temp_bytes, 1);  // a null pointer would mean "size only"
  CubHistogram h;
  h.in_ = in;
  h.counts_ = counts;
  h.temp_ = View<char*, Kokkos::Cuda>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "cub temp"),
                                      temp_bytes);
  return h;
}

void CubHistogram::operator()() const {
  std::size_t temp_bytes = temp_.extent(0);
  check_cuda(histogram_even(temp_.data(), temp_bytes, in_, counts_), "cub::DeviceHistogram");
}

}  // namespace bench::histogram
#endif
