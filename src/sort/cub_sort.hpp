#pragma once
// The CUB baselines, CUDA builds only: cub::DeviceRadixSort's SortKeys and
// SortPairs (Descending too) over the bit range [0, end_bit),
// cub::DeviceMergeSort::StableSortKeys and
// cub::DeviceSegmentedSort::StableSortKeys, on Kokkos' CUDA stream, in their DoubleBuffer form: the
// keys sorted "in place" with an alternate buffer as kp::sort sorts with its scratch, the result
// left in whichever buffer CUB's selector names.
#include <Kokkos_Core.hpp>

#if defined(KOKKOS_ENABLE_CUDA)
#include <functional>
#include <memory>

#include "harness/spaces.hpp"
#include "sort/order.hpp"

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

// cub::DeviceMergeSort::StableSortKeys of keys in place by the run's order
// (OrderLess): CUB's comparator sort, beside kp::sort's.
template <class K>
std::function<void()> make_cub_merge_sort_keys(View<K*, Kokkos::Cuda> keys, Order order);

// cub::DeviceSegmentedSort::StableSortKeys (Descending too) of each segment
// of CSR `offsets` (segments + 1 ints), DoubleBuffer form: *current as for
// make_cub_sort_keys.
template <class K>
std::function<void()> make_cub_segmented_sort_keys(View<K*, Kokkos::Cuda> keys,
                                                   View<K*, Kokkos::Cuda> keys_alt,
                                                   View<int*, Kokkos::Cuda> offsets,
                                                   bool descending, std::shared_ptr<int> current);

}  // namespace bench::sort
#endif
