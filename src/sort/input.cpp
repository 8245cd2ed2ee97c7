#include "sort/input.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>
#include <type_traits>

#include "harness/data.hpp"
#include "harness/usage.hpp"

namespace bench::sort {

Dist parse_dist(const std::string& name) {
  if (name == "few") return Dist::few;
  if (name == "sorted") return Dist::sorted;
  if (name == "reversed") return Dist::reversed;
  if (name == "equal") return Dist::equal;
  if (name == "nan") return Dist::nan;
  return Dist::uniform;
}

namespace {

// A uniform key from 64 random bits.
template <class T>
T uniform_key(std::uint64_t r) {
  if constexpr (std::is_same_v<T, float>) {
    return static_cast<float>(static_cast<std::int64_t>(r >> 40) - (std::int64_t{1} << 23)) *
           0x1p-23f;
  } else if constexpr (std::is_same_v<T, double>) {
    return static_cast<double>(static_cast<std::int64_t>(r >> 11) - (std::int64_t{1} << 52)) *
           0x1p-52;
  } else {
    return static_cast<T>(static_cast<Image<T>>(r));  // modular for signed T
  }
}

// The j-th of 16 distinct keys (j < 16): for integers, the middle of the
// j-th sixteenth of the type's range (never its minimum, the poison value);
// for floats, -7.5, -6.5, ..., 7.5.
template <class T>
T few_key(int j) {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(j) - static_cast<T>(7.5);
  } else {
    using U = Image<T>;
    const auto step = static_cast<std::uint64_t>(j) << (kKeyBits<T> - 4);
    return from_image<T>(static_cast<U>(step | (std::uint64_t{1} << (kKeyBits<T> - 5))));
  }
}

// The special values of Dist::nan, else a uniform key.
template <class T>
T nan_dist_key(std::uint64_t r) {
  if constexpr (std::is_floating_point_v<T>) {
    using U = Image<T>;
    using limits = std::numeric_limits<T>;
    const U quiet = static_cast<U>(U(1) << (limits::digits - 2));
    const U sign = sign_bit<T>();
    const U nan = static_cast<U>(std::bit_cast<U>(limits::infinity()) | quiet |
                                 (static_cast<U>(r >> 8) & static_cast<U>(quiet - 1)));
    switch (r % 100) {
      case 0:
      case 1:
      case 2:
      case 3:
      case 4:
        return std::bit_cast<T>(nan);
      case 5:
      case 6:
      case 7:
      case 8:
      case 9:
        return std::bit_cast<T>(static_cast<U>(nan | sign));
      case 10:
      case 11:
      case 12:
        return T(0);
      case 13:
      case 14:
      case 15:
        return -T(0);
      case 16:
      case 17:
        return limits::infinity();
      case 18:
      case 19:
        return -limits::infinity();
      case 20:
        return limits::denorm_min();
      case 21:
        return -limits::denorm_min();
      default:
        return uniform_key<T>(splitmix64(r));
    }
  } else {
    (void)r;
    throw UsageError("--dist nan: NaN keys need --type float or double");
  }
}

template <class T>
void fill(const Kokkos::View<T*, Kokkos::HostSpace>& keys, Dist dist, const Order& order) {
  const std::int64_t n = keys.extent(0);
  for (std::int64_t i = 0; i < n; ++i) {
    const std::uint64_t r = splitmix64(static_cast<std::uint64_t>(i));
    switch (dist) {
      case Dist::few:
        keys(i) = few_key<T>(static_cast<int>(r % 16));
        break;
      case Dist::equal:
        keys(i) = uniform_key<T>(splitmix64(0));
        break;
      case Dist::nan:
        keys(i) = nan_dist_key<T>(r);
        break;
      default:
        keys(i) = uniform_key<T>(r);
    }
  }
  T* first = keys.data();
  if (dist == Dist::sorted || dist == Dist::reversed) {
    std::sort(first, first + n, [order](T a, T b) { return order.before(a, b); });
  }
  if (dist == Dist::reversed) std::reverse(first, first + n);
}

// The stable sort of the keys' ranks with their indices, then the
// reference keys and permutation from it; and what the keys hold.
template <class T>
void finish(Input<T>& input) {
  const std::size_t n = input.keys.extent(0);
  struct Ranked {
    Image<T> rank;
    std::uint32_t index;
  };
  {
    std::vector<Ranked> ranked(n);
    for (std::size_t i = 0; i < n; ++i) {
      ranked[i] = {input.order.rank(input.keys(i)), static_cast<std::uint32_t>(i)};
    }
    const bool descending = input.order.descending;
    std::stable_sort(ranked.begin(), ranked.end(), [descending](const Ranked& a, const Ranked& b) {
      return descending ? b.rank < a.rank : a.rank < b.rank;
    });
    const auto alloc = [](const std::string& label) {
      return Kokkos::view_alloc(Kokkos::WithoutInitializing, label);
    };
    input.permutation =
        Kokkos::View<std::uint32_t*, Kokkos::HostSpace>(alloc("sort permutation"), n);
    input.reference = Kokkos::View<T*, Kokkos::HostSpace>(alloc("sort reference"), n);
    for (std::size_t i = 0; i < n; ++i) {
      input.permutation(i) = ranked[i].index;
      input.reference(i) = input.keys(ranked[i].index);
    }
  }
  if constexpr (std::is_floating_point_v<T>) {
    bool negative_zero = false, positive_zero = false;
    for (std::size_t i = 0; i < n; ++i) {
      const T key = input.keys(i);
      input.has_nan = input.has_nan || std::isnan(key);
      input.has_inf = input.has_inf || std::isinf(key);
      negative_zero = negative_zero || (key == 0 && std::signbit(key));
      positive_zero = positive_zero || (key == 0 && !std::signbit(key));
    }
    input.both_zeros = negative_zero && positive_zero;
  }
}

template <class T>
const char* type_name() {
  if constexpr (std::is_same_v<T, float>) return "float";
  if constexpr (std::is_same_v<T, double>) return "double";
  if constexpr (std::is_signed_v<T>) return sizeof(T) == 4 ? "int32" : "int64";
  return sizeof(T) == 1   ? "uint8"
         : sizeof(T) == 2 ? "uint16"
         : sizeof(T) == 4 ? "uint32"
                          : "uint64";
}

}  // namespace

template <class T>
Input<T> make_input(std::uint64_t n, Dist dist, Order order) {
  if (dist == Dist::nan && !std::is_floating_point_v<T>) {
    throw UsageError(std::string("--dist nan: NaN keys need --type float or double, not ") +
                     type_name<T>());
  }
  Input<T> input;
  input.order = order;
  input.keys = Kokkos::View<T*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "sort keys"), n);
  fill(input.keys, dist, order);
  finish(input);
  return input;
}

template <class T>
Input<T> input_from_values(std::vector<T> values, Order order) {
  Input<T> input;
  input.order = order;
  input.keys = Kokkos::View<T*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "sort keys"), values.size());
  std::copy(values.begin(), values.end(), input.keys.data());
  std::vector<T>().swap(values);
  finish(input);
  return input;
}

template <class T>
std::string binsort_limit(const Input<T>& input) {
  const auto n = static_cast<std::int64_t>(input.keys.extent(0));
  if (n > std::numeric_limits<int>::max()) {
    return "more keys than BinSort's int offsets hold";
  }
  if (input.has_nan || input.has_inf) return "NaN or infinite keys make BinSort's bin width NaN";
  // Of no keys, it takes max - min of its min-max reduction's identities
  // (lowest - largest: a signed overflow, seen under UBSan).
  if (n == 0) return "no keys: BinSort subtracts the empty min-max reduction's identities";
  if (n < 2) return "";
  const T* first = input.keys.data();
  const auto [low, high] = std::minmax_element(first, first + n);
  const T min = *low, max = *high;
  if (min == max) return "";  // Kokkos::sort returns at once
  // BinOp1D computes max - min and key - min in the key's (promoted) type.
  decltype(max - min) range{};
  if constexpr (std::is_floating_point_v<T>) {
    range = max - min;
    if (!std::isfinite(range)) return "the keys' range max - min overflows the key type";
  } else if (__builtin_sub_overflow(max, min, &range)) {
    return "the keys' range max - min overflows the key type";
  }
  // BinOp1D(n / 2, min, max): n / 2 + 1 bins, key to int(mul * (key - min)).
  const int bins = static_cast<int>(n / 2);
  const double mul = 1.0 * bins / range;
  std::vector<std::uint32_t> count(static_cast<std::size_t>(bins) + 1);
  for (std::int64_t i = 0; i < n; ++i) {
    const int bin = static_cast<int>(mul * (first[i] - min));
    if (bin < 0 || bin > bins) return "keys fall outside BinSort's bins";
    ++count[static_cast<std::size_t>(bin)];
  }
  // Its bubble sort within a bin of k keys compares up to k^2 / 2 pairs.
  double comparisons = 0;
  for (const std::uint32_t k : count) comparisons += 0.5 * static_cast<double>(k) * k;
  const double per_key = comparisons / static_cast<double>(n);
  if (per_key > 128) {
    std::ostringstream text;
    text << "BinSort's bubble sort within its crowded bins (up to "
         << *std::max_element(count.begin(), count.end()) << " keys a bin) would compare about "
         << std::llround(per_key) << " pairs a key";
    return text.str();
  }
  return "";
}

namespace {

template <class T>
std::string describe(T key) {
  std::ostringstream text;
  text.precision(std::numeric_limits<T>::max_digits10);
  if constexpr (sizeof(T) == 1) {
    text << +key;
  } else {
    text << key;
  }
  if constexpr (std::is_floating_point_v<T>) {
    text << " (bits 0x" << std::hex << std::bit_cast<Image<T>>(key) << ")";
  }
  return text.str();
}

// Compares two arrays exactly (bit for bit) and names the first mismatch.
template <class T, class Expected>
Check compare(const Expected& expected, const HostStrided<T>& got, const std::string& what) {
  const std::size_t n = expected.extent(0);
  if (got.extent(0) != n) {
    return {false, "output has " + std::to_string(got.extent(0)) + " elements, expected " +
                       std::to_string(n)};
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (std::bit_cast<Image<T>>(got(i)) != std::bit_cast<Image<T>>(static_cast<T>(expected(i)))) {
      return {false, "first mismatch at index " + std::to_string(i) + ": got " + describe(got(i)) +
                         ", expected " + describe(static_cast<T>(expected(i)))};
    }
  }
  return {true, "all " + std::to_string(n) + " " + what};
}

}  // namespace

template <class T>
Check check_keys(const Input<T>& input, const HostStrided<std::type_identity_t<T>>& keys,
                 bool offer) {
  const Check check = compare<T>(input.reference, keys, "keys sorted, bit for bit");
  if (offer && input.output && input.output->pending()) {
    const std::size_t n = keys.extent(0);
    if constexpr (sizeof(T) < 4) {
      // The .npy writer's smallest unsigned type: uint32, values unchanged.
      std::vector<std::uint32_t> wide(n);
      for (std::size_t i = 0; i < n; ++i) wide[i] = keys(i);
      input.output->offer(check.pass, wide.data(), {n});
    } else if (keys.stride(0) == 1 || n < 2) {
      input.output->offer(check.pass, keys.data(), {n});
    } else {
      std::vector<T> copy(n);  // contiguous, for the writer
      for (std::size_t i = 0; i < n; ++i) copy[i] = keys(i);
      input.output->offer(check.pass, copy.data(), {n});
    }
  }
  return check;
}

template <class T>
Check check_unstable(const Input<T>& input, const HostStrided<std::type_identity_t<T>>& keys) {
  const Order& order = input.order;
  if (order.bits >= kKeyBits<T> || keys.extent(0) != input.reference.extent(0)) {
    return check_keys(input, keys);
  }
  const auto& reference = input.reference;
  const std::size_t n = reference.extent(0);
  for (std::size_t i = 0; i < n; ++i) {
    if (order.rank(keys(i)) != order.rank(reference(i))) {
      return {false, "first key out of order at index " + std::to_string(i) + ": got " +
                         describe(keys(i)) + ", expected a key ranked as " +
                         describe(reference(i))};
    }
  }
  // Each run of equal rank: the same keys as the reference's, sorted by bits.
  std::vector<Image<T>> got, expected;
  for (std::size_t begin = 0, end = 0; begin < n; begin = end) {
    got.clear();
    expected.clear();
    for (end = begin; end < n && order.rank(reference(end)) == order.rank(reference(begin));
         ++end) {
      got.push_back(std::bit_cast<Image<T>>(keys(end)));
      expected.push_back(std::bit_cast<Image<T>>(reference(end)));
    }
    std::sort(got.begin(), got.end());
    std::sort(expected.begin(), expected.end());
    if (got != expected) {
      return {false, "the keys ranked as " + describe(reference(begin)) + " at indices " +
                         std::to_string(begin) + " to " + std::to_string(end - 1) +
                         " are not the input's"};
    }
  }
  return {true, "all " + std::to_string(n) + " keys in order, ties in any order (unstable)"};
}

template <class T>
Check check_copy(const Input<T>& input, const HostStrided<std::type_identity_t<T>>& keys) {
  return compare<T>(input.keys, keys, "keys copied, bit for bit");
}

template <class T>
Check check_values(const Input<T>& input, const HostStrided<std::uint32_t>& values) {
  return compare<std::uint32_t>(input.permutation, values, "values in the stable order");
}

template <class T>
Check check_pairs(const Input<T>& input, const HostStrided<std::type_identity_t<T>>& keys,
                  const HostStrided<std::uint32_t>& values) {
  const Check sorted = check_keys(input, keys);
  if (!sorted.pass) return sorted;
  const Check moved = check_values(input, values);
  if (!moved.pass) return moved;
  return {true, "all " + std::to_string(keys.extent(0)) + " keys and values as the stable sort"};
}

template <class T>
Check check_indices(const Input<T>& input, const HostStrided<std::int64_t>& indices) {
  return compare<std::int64_t>(input.permutation, indices, "indices the stable permutation");
}

template <class T>
Segmented<T> make_segmented(const Input<T>& input, std::int64_t mean_length) {
  const auto n = static_cast<std::int64_t>(input.keys.extent(0));
  std::vector<std::int64_t> offsets = {0};
  for (std::uint64_t s = 0; offsets.back() < n; ++s) {
    const auto length = static_cast<std::int64_t>(splitmix64(s ^ 0x55) %
                                                  static_cast<std::uint64_t>(2 * mean_length + 1));
    offsets.push_back(std::min(n, offsets.back() + length));
  }
  Segmented<T> segmented;
  segmented.offsets = Kokkos::View<std::int64_t*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "sort segment offsets"), offsets.size());
  std::copy(offsets.begin(), offsets.end(), segmented.offsets.data());
  segmented.reference = Kokkos::View<T*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "sort segmented reference"), n);
  T* const first = segmented.reference.data();
  std::copy(input.keys.data(), input.keys.data() + n, first);
  const Order order = input.order;
  for (std::size_t s = 0; s + 1 < offsets.size(); ++s) {
    std::stable_sort(first + offsets[s], first + offsets[s + 1],
                     [order](T a, T b) { return order.before(a, b); });
  }
  return segmented;
}

template <class T>
Check check_segmented(const Segmented<T>& segmented,
                      const HostStrided<std::type_identity_t<T>>& keys) {
  return compare<T>(segmented.reference, keys, "keys of each segment sorted, bit for bit");
}

#define KP_SORT_INPUT_INSTANTIATE(T, ...)                                                    \
  template Input<T> make_input<T>(std::uint64_t, Dist, Order);                               \
  template Input<T> input_from_values<T>(std::vector<T>, Order);                             \
  template std::string binsort_limit<T>(const Input<T>&);                                    \
  template Check check_keys<T>(const Input<T>&, const HostStrided<std::type_identity_t<T>>&, \
                               bool);                                                        \
  template Check check_unstable<T>(const Input<T>&, const HostStrided<T>&);                  \
  template Check check_copy<T>(const Input<T>&, const HostStrided<T>&);                      \
  template Check check_values<T>(const Input<T>&, const HostStrided<std::uint32_t>&);        \
  template Check check_pairs<T>(const Input<T>&, const HostStrided<T>&,                      \
                                const HostStrided<std::uint32_t>&);                          \
  template Check check_indices<T>(const Input<T>&, const HostStrided<std::int64_t>&);        \
  template Segmented<T> make_segmented<T>(const Input<T>&, std::int64_t);                    \
  template Check check_segmented<T>(const Segmented<T>&, const HostStrided<T>&);
KP_SORT_FOR_EACH_KEY(KP_SORT_INPUT_INSTANTIATE, )

}  // namespace bench::sort
