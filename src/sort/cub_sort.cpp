#include "sort/cub_sort.hpp"

#if defined(KOKKOS_ENABLE_CUDA)
#include <cstdint>
#include <cub/cub.cuh>

#include "primitives/device/cub_temp_storage.hpp"
#include "sort/input.hpp"

namespace bench::sort {

template <class K>
std::function<void()> make_cub_sort_keys(View<K*, Kokkos::Cuda> keys,
                                         View<K*, Kokkos::Cuda> keys_alt, int end_bit,
                                         bool descending, std::shared_ptr<int> current) {
  const int n = static_cast<int>(keys.extent(0));
  return bench::cub_with_temp_storage(
      "cub::DeviceRadixSort::SortKeys", [=](void* temp, std::size_t& temp_bytes) {
        cub::DoubleBuffer<K> buffers(keys.data(), keys_alt.data());
        const cudaStream_t stream = Kokkos::Cuda().cuda_stream();
        const cudaError_t status =
            descending
                ? cub::DeviceRadixSort::SortKeysDescending(temp, temp_bytes, buffers, n, 0, end_bit,
                                                           stream)
                : cub::DeviceRadixSort::SortKeys(temp, temp_bytes, buffers, n, 0, end_bit, stream);
        *current = buffers.selector;
        return status;
      });
}

template <class K, class V>
std::function<void()> make_cub_sort_pairs(View<K*, Kokkos::Cuda> keys,
                                          View<K*, Kokkos::Cuda> keys_alt,
                                          View<V*, Kokkos::Cuda> values,
                                          View<V*, Kokkos::Cuda> values_alt, int end_bit,
                                          bool descending, std::shared_ptr<int> current) {
  const int n = static_cast<int>(keys.extent(0));
  return bench::cub_with_temp_storage(
      "cub::DeviceRadixSort::SortPairs", [=](void* temp, std::size_t& temp_bytes) {
        cub::DoubleBuffer<K> key_buffers(keys.data(), keys_alt.data());
        cub::DoubleBuffer<V> value_buffers(values.data(), values_alt.data());
        const cudaStream_t stream = Kokkos::Cuda().cuda_stream();
        const cudaError_t status =
            descending ? cub::DeviceRadixSort::SortPairsDescending(
                             temp, temp_bytes, key_buffers, value_buffers, n, 0, end_bit, stream)
                       : cub::DeviceRadixSort::SortPairs(temp, temp_bytes, key_buffers,
                                                         value_buffers, n, 0, end_bit, stream);
        // CUB moves keys and values together: one selector for both.
        *current = key_buffers.selector;
        return status;
      });
}

template <class K>
std::function<void()> make_cub_merge_sort_keys(View<K*, Kokkos::Cuda> keys, Order order) {
  const int n = static_cast<int>(keys.extent(0));
  return bench::cub_with_temp_storage(
      "cub::DeviceMergeSort::StableSortKeys", [=](void* temp, std::size_t& temp_bytes) {
        return cub::DeviceMergeSort::StableSortKeys(
            temp, temp_bytes, keys.data(), n, OrderLess<K>{order}, Kokkos::Cuda().cuda_stream());
      });
}

template <class K>
std::function<void()> make_cub_segmented_sort_keys(View<K*, Kokkos::Cuda> keys,
                                                   View<K*, Kokkos::Cuda> keys_alt,
                                                   View<int*, Kokkos::Cuda> offsets,
                                                   bool descending, std::shared_ptr<int> current) {
  const int n = static_cast<int>(keys.extent(0));
  const int segments = static_cast<int>(offsets.extent(0)) - 1;
  return bench::cub_with_temp_storage(
      "cub::DeviceSegmentedSort::StableSortKeys", [=](void* temp, std::size_t& temp_bytes) {
        cub::DoubleBuffer<K> buffers(keys.data(), keys_alt.data());
        const cudaStream_t stream = Kokkos::Cuda().cuda_stream();
        const int* begins = offsets.data();
        const cudaError_t status =
            descending ? cub::DeviceSegmentedSort::StableSortKeysDescending(
                             temp, temp_bytes, buffers, n, segments, begins, begins + 1, stream)
                       : cub::DeviceSegmentedSort::StableSortKeys(
                             temp, temp_bytes, buffers, n, segments, begins, begins + 1, stream);
        *current = buffers.selector;
        return status;
      });
}

#define KP_SORT_CUB_INSTANTIATE(K, ...)                                                      \
  template std::function<void()> make_cub_sort_keys<K>(                                      \
      View<K*, Kokkos::Cuda>, View<K*, Kokkos::Cuda>, int, bool, std::shared_ptr<int>);      \
  template std::function<void()> make_cub_sort_pairs<K, std::uint32_t>(                      \
      View<K*, Kokkos::Cuda>, View<K*, Kokkos::Cuda>, View<std::uint32_t*, Kokkos::Cuda>,    \
      View<std::uint32_t*, Kokkos::Cuda>, int, bool, std::shared_ptr<int>);                  \
  template std::function<void()> make_cub_sort_pairs<K, std::int64_t>(                       \
      View<K*, Kokkos::Cuda>, View<K*, Kokkos::Cuda>, View<std::int64_t*, Kokkos::Cuda>,     \
      View<std::int64_t*, Kokkos::Cuda>, int, bool, std::shared_ptr<int>);                   \
  template std::function<void()> make_cub_merge_sort_keys<K>(View<K*, Kokkos::Cuda>, Order); \
  template std::function<void()> make_cub_segmented_sort_keys<K>(                            \
      View<K*, Kokkos::Cuda>, View<K*, Kokkos::Cuda>, View<int*, Kokkos::Cuda>, bool,        \
      std::shared_ptr<int>);
KP_SORT_FOR_EACH_KEY(KP_SORT_CUB_INSTANTIATE, )

}  // namespace bench::sort
#endif
