#include "minloc/cub_variant.hpp"

#ifdef KOKKOS_ENABLE_CUDA
#include <cstddef>
#include <cub/cub.cuh>
#include <stdexcept>
#include <string>

namespace kp::minloc {

namespace {
void require(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
  }
}

// CUB >= 2.8 (CUDA 13 ships 3.x): the ArgMin/ArgMax overloads that write the
// extremum and its 64-bit index to two separate outputs.
cudaError_t arg_extremum(Op op, void* temp, std::size_t& temp_bytes, const float* in,
                         float* value_out, std::int64_t* index_out, std::int64_t n,
                         cudaStream_t stream) {
  if (op == Op::max) {
    return cub::DeviceReduce::ArgMax(temp, temp_bytes, in, value_out, index_out, n, stream);
  }
  return cub::DeviceReduce::ArgMin(temp, temp_bytes, in, value_out, index_out, n, stream);
}
}  // namespace

std::function<void()> make_cub_run(Op op, View<const float*, Kokkos::Cuda> x,
                                   View<ValLoc, Kokkos::Cuda> result) {
  char* const base = reinterpret_cast<char*>(result.data());
  float* const value_out = reinterpret_cast<float*>(base + offsetof(ValLoc, val));
  std::int64_t* const index_out = reinterpret_cast<std::int64_t*>(base + offsetof(ValLoc, loc));
  const std::int64_t n = x.extent(0);
  const cudaStream_t stream = Kokkos::Cuda().cuda_stream();
  std::size_t temp_bytes = 0;
  require(arg_extremum(op, nullptr, temp_bytes, x.data(), value_out, index_out, n, stream),
          "cub temporary storage query");
  const View<unsigned char*, Kokkos::Cuda> temp(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "minloc cub temp"), temp_bytes);
  return [=] {
    std::size_t bytes = temp_bytes;
    require(arg_extremum(op, temp.data(), bytes, x.data(), value_out, index_out, n, stream),
            "cub::DeviceReduce::ArgMin/ArgMax");
  };
}

}  // namespace kp::minloc
#endif
