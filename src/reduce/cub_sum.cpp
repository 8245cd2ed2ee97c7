#include "reduce/cub_sum.hpp"

#if defined(KOKKOS_ENABLE_CUDA)
#include <cstdint>
#include <cub/cub.cuh>

#include "primitives/device/cub_temp_storage.hpp"

namespace bench::reduce {

template <class T>
std::function<void()> make_cub_sum(View<const T*, Kokkos::Cuda> x, View<T*, Kokkos::Cuda> result) {
  const std::int64_t n = x.extent(0);
  return bench::cub_with_temp_storage(
      "cub::DeviceReduce::Sum", [x, result, n](void* temp, std::size_t& temp_bytes) {
        return cub::DeviceReduce::Sum(temp, temp_bytes, x.data(), result.data(), n,
                                      Kokkos::Cuda().cuda_stream());
      });
}

template std::function<void()> make_cub_sum<float>(View<const float*, Kokkos::Cuda>,
                                                   View<float*, Kokkos::Cuda>);
template std::function<void()> make_cub_sum<double>(View<const double*, Kokkos::Cuda>,
                                                    View<double*, Kokkos::Cuda>);
template std::function<void()> make_cub_sum<std::int64_t>(View<const std::int64_t*, Kokkos::Cuda>,
                                                          View<std::int64_t*, Kokkos::Cuda>);

}  // namespace bench::reduce
#endif
