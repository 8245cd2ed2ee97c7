#pragma once
// The CUB baseline, CUDA builds only: cub::DeviceReduce::Sum, the library's
// tuned single-pass-per-tile reduction, on Kokkos' CUDA stream.
#include <Kokkos_Core.hpp>

#if defined(KOKKOS_ENABLE_CUDA)
#include <functional>

#include "harness/spaces.hpp"

namespace bench::reduce {

// Allocates CUB's temporary storage once and returns the run: the sum of x
// into result(0). Instantiated for float, double and std::int64_t.
template <class T>
std::function<void()> make_cub_sum(View<const T*, Kokkos::Cuda> x, View<T*, Kokkos::Cuda> result);

}  // namespace bench::reduce
#endif
