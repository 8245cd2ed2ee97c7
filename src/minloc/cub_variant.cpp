#include "minloc/cub_variant.hpp"

#ifdef KOKKOS_ENABLE_CUDA
#include <cstddef>
#include <cub/cub.cuh>

#include "primitives/device/cub_temp_storage.hpp"

namespace bench::minloc {

namespace {

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
  // x and result are captured so that the run keeps them alive.
  return bench::cub_with_temp_storage(
      "cub::DeviceReduce::ArgMin/ArgMax", [=](void* temp, std::size_t& temp_bytes) {
        (void)result;
        return arg_extremum(op, temp, temp_bytes, x.data(), value_out, index_out, n, stream);
      });
}

}  // namespace bench::minloc
#endif
