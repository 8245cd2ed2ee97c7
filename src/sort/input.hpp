#pragma once
// Keys, the reference sort and the checks of the sort app, made once on the
// host.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "harness/benchmark.hpp"
#include "harness/npy.hpp"
#include "sort/order.hpp"

namespace bench::sort {

// uniform:  integers: every bit pattern alike (the type's whole range);
//           floats: uniform reals in [-1, 1) (k / 2^23 for float, k / 2^52
//           for double, k an integer);
// few:      16 distinct values, spread over the type's range (long runs of
//           equal keys: stability);
// sorted:   the uniform keys already in the run's order (--order, --bits);
// reversed: the uniform keys in the opposite order;
// equal:    one value, n times;
// nan:      floats only: about 10% NaN of both signs (quiet, with payloads),
//           +-0.0, +-inf and the smallest subnormals, the rest uniform.
enum class Dist { uniform, few, sorted, reversed, equal, nan };

Dist parse_dist(const std::string& name);  // from an already validated choice

// Expands MACRO(T, ...) for every key type the app sorts (--type), for the
// explicit instantiations.
// clang-format off
#define KP_SORT_FOR_EACH_KEY(MACRO, ...)                              \
  MACRO(std::uint8_t, __VA_ARGS__) MACRO(std::uint16_t, __VA_ARGS__)  \
  MACRO(std::uint32_t, __VA_ARGS__) MACRO(std::int32_t, __VA_ARGS__)  \
  MACRO(std::uint64_t, __VA_ARGS__) MACRO(std::int64_t, __VA_ARGS__)  \
  MACRO(float, __VA_ARGS__) MACRO(double, __VA_ARGS__)
// clang-format on

template <class T>
struct Input {
  Order order;
  Kokkos::View<T*, Kokkos::HostSpace> keys;       // unsorted
  Kokkos::View<T*, Kokkos::HostSpace> reference;  // std::stable_sort of keys by order
  // The stable permutation: reference(i) is keys(permutation(i)).
  Kokkos::View<std::uint32_t*, Kokkos::HostSpace> permutation;
  npy::FirstResult* output = nullptr;  // --output: written from the kp row's checked keys
  // What the keys hold, for the baselines that cannot order all of it.
  bool has_nan = false, has_inf = false, both_zeros = false;
};

// The largest input: the reference's permutation and the pair rows' values
// are uint32 indices.
inline constexpr std::uint64_t kMaxKeys = std::uint64_t{1} << 32;

// Generated keys and their reference (n <= kMaxKeys; Dist::nan needs a
// floating-point T).
template <class T>
Input<T> make_input(std::uint64_t n, Dist dist, Order order);
// The user's keys (--input) and their reference; `values` is freed once
// copied, before the reference is made.
template <class T>
Input<T> input_from_values(std::vector<T> values, Order order);

// Why Kokkos 3.4's BinSort (Kokkos::sort on a GPU; kokkos-binsort) cannot
// sort these keys, ascending and whole, correctly and in reasonable time
// ("" = it can): infinities or NaN, a key range max - min that overflows
// the key type, more keys than its int offsets hold, or bins so crowded that
// its bubble sort within a bin costs more than 128 comparisons a key.
template <class T>
std::string binsort_limit(const Input<T>& input);

// Host views the checks read: contiguous, or one member of an array of pairs.
template <class T>
using HostStrided = Kokkos::View<const T*, Kokkos::LayoutStride, Kokkos::HostSpace>;

// The keys equal the reference bit for bit (NaN payloads and the sign of
// zero too). With `offer`, the checked keys go to input.output (--output).
template <class T>
Check check_keys(const Input<T>& input, const HostStrided<std::type_identity_t<T>>& keys,
                 bool offer = false);
// The keys of an unstable sort: in the run's order, each run of equal rank
// holding the reference's keys in any order (bit for bit). By the whole key,
// equal ranks are equal keys: the same check as check_keys.
template <class T>
Check check_unstable(const Input<T>& input, const HostStrided<std::type_identity_t<T>>& keys);
// The keys equal the unsorted input bit for bit (the copy ceiling's check).
template <class T>
Check check_copy(const Input<T>& input, const HostStrided<std::type_identity_t<T>>& keys);
// The values, each the index its key had, equal the stable permutation.
template <class T>
Check check_values(const Input<T>& input, const HostStrided<std::uint32_t>& values);
// Keys and values, both.
template <class T>
Check check_pairs(const Input<T>& input, const HostStrided<std::type_identity_t<T>>& keys,
                  const HostStrided<std::uint32_t>& values);
// The indices (argsort) equal the stable permutation.
template <class T>
Check check_indices(const Input<T>& input, const HostStrided<std::int64_t>& indices);

// The segmented rows' input: the keys cut into segments of random lengths
// in [0, 2 * mean_length] (the last one shorter; fixed by the seed), as CSR
// offsets, and the reference: each segment stably sorted in the run's order.
template <class T>
struct Segmented {
  Kokkos::View<std::int64_t*, Kokkos::HostSpace> offsets;  // segments + 1
  Kokkos::View<T*, Kokkos::HostSpace> reference;
};
template <class T>
Segmented<T> make_segmented(const Input<T>& input, std::int64_t mean_length);
// The keys equal the segmented reference bit for bit.
template <class T>
Check check_segmented(const Segmented<T>& segmented,
                      const HostStrided<std::type_identity_t<T>>& keys);

}  // namespace bench::sort
