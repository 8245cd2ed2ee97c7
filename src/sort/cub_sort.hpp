#pragma once
// The CUB baselines, CUDA builds only: cub::DeviceRadixSort's SortKeys and
// SortPairs (Descending too) over the bit range [0, end_bit), on Kokkos'
// CUDA stream, in their DoubleBuffer form: the keys sorted "in place" with
// an alternate buffer as kp::sort sorts with its scratch, the result left in
// whichever buffer CUB's selector names.
#include <Kokkos_Core.hpp>

#if defined(KOKKOS_ENABLE_CUDA)
#include <functional>
#include <memory>

#include "harness/spaces.hpp"

namespace bench::sort {

// Sizes and allocates CUB's temporary storage once and returns the run:
// keys (n <= INT_MAX) sorted by bits [0, end_bit); after each run *current
// is 0 when the result is in keys, 1 when in keys_alt. Instantiated for the
// app's key types.
template <class K>
std::function<void()> make_cub_sort_keys(View<K*, Kokkos::Cuda> keys,
                                         View<K*, Kokkos::Cuda> keys_alt, int end_bit,
                                         bool descending, std::shared_ptr<int> current);

// The same for keys with values (uint32 or int64) that move with them;
// *current names the buffers of both.
template <class K, class V>
std::function<void()> make_cub_sort_pairs(View<K*, Kokkos::Cuda> keys,
                                          View<K*, Kokkos::Cuda> keys_alt,
                                          View<V*, Kokkos::Cuda> values,
                                          View<V*, Kokkos::Cuda> values_alt, int end_bit,
                                          bool descending, std::shared_ptr<int> current);

}  // namespace bench::sort
#endif
