#pragma once
// The CUB baseline, CUDA builds only: cub::DeviceReduce::ArgMin / ArgMax.
// CUB documents both as finding the FIRST extremum, and its cub::ArgMin /
// cub::ArgMax operators break equal values toward the smaller offset, so the
// answer must match the sequential reference exactly.
#include <Kokkos_Core.hpp>
#include <functional>

#include "harness/spaces.hpp"
#include "minloc/order.hpp"

namespace bench::minloc {

#ifdef KOKKOS_ENABLE_CUDA
// Allocates CUB's temporary storage once (outside every timed run) and returns
// the run: one ArgMin/ArgMax over x into result().val and result().loc on the
// default Kokkos::Cuda instance's stream.
std::function<void()> make_cub_run(Op op, View<const float*, Kokkos::Cuda> x,
                                   View<ValLoc, Kokkos::Cuda> result);
#endif

}  // namespace bench::minloc
