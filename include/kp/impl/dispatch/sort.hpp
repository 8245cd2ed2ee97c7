#pragma once
// Dispatch of kp::sort, kp::sort_by_key and kp::sort_indices
// (include/kp/sort.hpp): the argument checks, the contiguous working copies
// where a user's View is strided, the scratch from the workspace cache, and
// the passes of the least-significant-digit radix sort (tiles.hpp), each
// read from and written to the other of two buffers.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <kp/impl/agent/radix_sort.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/dispatch/scan.hpp>
#include <kp/impl/thread/radix_keys.hpp>

namespace kp::impl::sort {

// A bit range [begin, end) of the keys' images; all_bits: the whole key.
struct Bits {
  int begin;
  int end;
};
inline constexpr Bits all_bits{-1, -1};
// The "values" of a sort of keys alone.
struct NoValues {};
inline constexpr NoValues no_values{};

// The passes of a sort of T keys by `bits`, or std::invalid_argument.
template <class T>
Passes plan_passes(const char* call, Bits bits, bool descending) {
  if (bits.begin == all_bits.begin && bits.end == all_bits.end) bits = {0, key_bits<T>};
  if (bits.begin < 0 || bits.end < bits.begin || bits.end > key_bits<T>) {
    throw std::invalid_argument(std::string(call) + ": bit range [" + std::to_string(bits.begin) +
                                ", " + std::to_string(bits.end) + ") is not within the key's " +
                                std::to_string(key_bits<T>) + " bits");
  }
  Passes passes;
  for (int shift = bits.begin; shift < bits.end; shift += kDigitBits) {
    const int width = std::min(kDigitBits, bits.end - shift);
    passes.digit[passes.count++] = Digit{shift, (1u << width) - 1u, descending};
  }
  return passes;
}

// The scratch of a sort of n K keys with V values on a space.
template <class Space, class K, class V>
struct Scratch {
  View<K*, Space> keys;
  View<V*, Space> values;
  View<std::int64_t*, Space> counts;
  View<std::uint64_t*, Space> histogram;
};

template <class Space, class K, class V>
std::shared_ptr<Scratch<Space, K, V>> scratch_for(const Space& space, std::int64_t n,
                                                  std::int64_t counters, bool with_values) {
  const auto size = static_cast<std::size_t>(n);
  const std::size_t value_size = with_values ? size : 0;
  return workspace<Scratch<Space, K, V>>(
      space,
      [&](const Scratch<Space, K, V>& s) {
        return s.keys.extent(0) >= size && s.values.extent(0) >= value_size &&
               s.counts.extent(0) >= static_cast<std::size_t>(counters);
      },
      [&] {
        const auto alloc = [&](const std::string& label) {
          return Kokkos::view_alloc(space, Kokkos::WithoutInitializing, label);
        };
        return Scratch<Space, K, V>{
            View<K*, Space>(alloc("kp::sort keys"), size),
            View<V*, Space>(alloc("kp::sort values"), value_size),
            View<std::int64_t*, Space>(alloc("kp::sort counts"), counters),
            View<std::uint64_t*, Space>(alloc("kp::sort histogram"), 8 * kDigits)};
      });
}

// Whether a pass moves anything: some digit holds fewer than all the keys.
inline bool pass_needed(const std::uint64_t* histogram, std::int64_t n) {
  for (int d = 0; d < kDigits; ++d) {
    if (histogram[d] == static_cast<std::uint64_t>(n)) return false;
  }
  return true;
}

// Sorts the contiguous keys (and values when `moves`) in the space's memory.
template <class Space, class K, class V>
void radix_sort(const Space& space, const View<K*, Space>& keys, const View<V*, Space>& values,
                bool moves, const Passes& passes) {
  const auto n = static_cast<std::int64_t>(keys.extent(0));
  const Tiles tiles = tiles_for(space, n);
  const auto s = scratch_for<Space, K, V>(space, n, kDigits * tiles.count, moves);
  histograms<Space, K>(space, keys, tiles, passes, s->histogram);
  const auto counts_on_host =
      Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s->histogram);  // fences
  View<K*, Space> from_keys = keys, to_keys(s->keys.data(), n);
  View<V*, Space> from_values = values, to_values(s->values.data(), moves ? n : 0);
  const View<std::int64_t*, Space> counts(s->counts.data(), kDigits * tiles.count);
  // One tile: its places for each digit are the exclusive sums of the pass's
  // histogram, known on the host already.
  const auto places = Kokkos::create_mirror_view(counts);
  for (int p = 0; p < passes.count; ++p) {
    const std::uint64_t* histogram = counts_on_host.data() + p * kDigits;
    if (!pass_needed(histogram, n)) continue;
    if (tiles.count == 1) {
      std::int64_t sum = 0;
      for (int d = 0; d < kDigits; ++d) {
        places(d) = sum;
        sum += static_cast<std::int64_t>(histogram[d]);
      }
      Kokkos::deep_copy(space, counts, places);
    } else {
      count_tiles<Space, K>(space, from_keys, tiles, passes.digit[p], counts);
      impl::scan("kp::sort", space, counts, counts, false, std::int64_t(0), Algorithm::automatic);
    }
    scatter<Space, K, V>(space, from_keys, to_keys, {from_values, to_values, moves}, tiles,
                         passes.digit[p], counts);
    std::swap(from_keys, to_keys);
    std::swap(from_values, to_values);
  }
  if (from_keys.data() != keys.data()) {
    Kokkos::deep_copy(space, keys, from_keys);
    if (moves) Kokkos::deep_copy(space, values, from_values);
  }
  space.fence();
}

// A user's View as a contiguous one in the space's memory: itself when its
// elements are adjacent, else a copy (written back by finish()).
template <class Space, class UserView>
struct Working {
  using T = value_t<UserView>;
  UserView user;
  View<T*, Space> data;
  bool copied = false;
  Working(const Space& space, const UserView& view, bool read) : user(view) {
    if (is_contiguous(view)) {
      data = contiguous_out<Space>(view);
    } else {
      copied = true;
      data = View<T*, Space>(
          Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "kp::sort copy"), view.extent(0));
      if (read) copy(space, data, view);
    }
  }
  void finish(const Space& space) {
    if (copied) copy(space, user, data);
  }
  // dst(i) = src(i), whatever their layouts.
  template <class Dst, class Src>
  static void copy(const Space& space, const Dst& dst, const Src& src) {
    Kokkos::parallel_for(
        "kp::sort copy", IndexRange<Space>(space, 0, static_cast<std::int64_t>(dst.extent(0))),
        KOKKOS_LAMBDA(const std::int64_t i) { dst(i) = src(i); });
  }
};

// The values that move with n keys (none: NoValues): a View of a
// trivially copyable type the space can access, written in place, of n
// elements, else std::invalid_argument.
template <class ExecSpace, class ValueView>
void check_values(const char* call, const ValueView& values, std::size_t n) {
  if constexpr (!std::is_same_v<ValueView, NoValues>) {
    check_view<ExecSpace, ValueView>();
    static_assert(std::is_trivially_copyable_v<value_t<ValueView>>,
                  "kp: values sorted with keys must be trivially copyable");
    static_assert(!std::is_const_v<typename ValueView::value_type>,
                  "kp: values are permuted in place");
    if (values.extent(0) != n) {
      throw std::invalid_argument(std::string(call) + ": " + std::to_string(values.extent(0)) +
                                  " values for " + std::to_string(n) + " keys");
    }
  }
}

template <class ExecSpace, class KeyView, class ValueView>
void sort_keys(const char* call, const ExecSpace& space, const KeyView& keys, Bits bits,
               const ValueView& values, bool descending) {
  check_view<ExecSpace, KeyView>();
  using K = value_t<KeyView>;
  static_assert(is_radix_key<K>,
                "kp::sort: keys are 8- to 64-bit integers, float or double (radix sort)");
  static_assert(!std::is_const_v<typename KeyView::value_type>,
                "kp::sort: keys are sorted in place");
  const Passes passes = plan_passes<K>(call, bits, descending);
  constexpr bool has_values = !std::is_same_v<ValueView, NoValues>;
  check_values<ExecSpace>(call, values, keys.extent(0));
  if (keys.extent(0) <= 1 || passes.count == 0) return;
  Working<ExecSpace, KeyView> k(space, keys, true);
  if constexpr (has_values) {
    Working<ExecSpace, ValueView> v(space, values, true);
    radix_sort(space, k.data, v.data, true, passes);
    v.finish(space);
  } else {
    radix_sort(space, k.data, View<char*, ExecSpace>(), false, passes);
  }
  k.finish(space);
  space.fence();
}

template <class ExecSpace, class KeyView, class IndexView>
void sort_indices(const char* call, const ExecSpace& space, const KeyView& keys,
                  const IndexView& indices, Bits bits, bool descending) {
  check_view<ExecSpace, KeyView>();
  check_view<ExecSpace, IndexView>();
  using K = value_t<KeyView>;
  using I = value_t<IndexView>;
  static_assert(is_radix_key<K>,
                "kp::sort_indices: keys are 8- to 64-bit integers, float or double (radix sort)");
  static_assert(std::is_same_v<I, std::int32_t> || std::is_same_v<I, std::int64_t>,
                "kp::sort_indices: indices are int32 or int64");
  const auto n = static_cast<std::int64_t>(keys.extent(0));
  if (static_cast<std::int64_t>(indices.extent(0)) != n) {
    throw std::invalid_argument(std::string(call) + ": " + std::to_string(indices.extent(0)) +
                                " indices for " + std::to_string(n) + " keys");
  }
  if (std::is_same_v<I, std::int32_t> && n > INT32_MAX) {
    throw std::invalid_argument(std::string(call) + ": " + std::to_string(n) +
                                " keys are more than int32 indices can number");
  }
  const Passes passes = plan_passes<K>(call, bits, descending);
  Working<ExecSpace, IndexView> order(space, indices, false);
  const View<I*, ExecSpace> index = order.data;
  Kokkos::parallel_for(
      "kp::sort_indices iota", Kokkos::RangePolicy<ExecSpace>(space, 0, n),
      KOKKOS_LAMBDA(const std::int64_t i) { index(i) = static_cast<I>(i); });
  if (n > 1 && passes.count > 0) {
    // The keys' copy is sorted with the indices; the user's keys stay.
    View<K*, ExecSpace> copy(
        Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "kp::sort_indices keys"), n);
    Working<ExecSpace, KeyView>::copy(space, copy, keys);
    radix_sort(space, copy, index, true, passes);
  }
  order.finish(space);
  space.fence();
}

}  // namespace kp::impl::sort
