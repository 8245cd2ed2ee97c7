#pragma once
// The order the sort app checks every row against, written here on its own
// (not taken from the library it checks): a key's order-preserving unsigned
// image, and a run's order, the image's low --bits bits, ascending or
// descending.
//
// The image of an unsigned integer is its bits; of a signed integer, its bits
// with the sign bit flipped; of a float or double, its bits XOR all-ones when
// the sign bit is set, else XOR the sign bit. Compared as unsigned integers
// the images give the usual order of integers and, for floating point, the
// total order -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN (NaNs of
// one sign ordered by their payload bits).
#include <Kokkos_Macros.hpp>
#include <bit>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <type_traits>

namespace bench::sort {

// The unsigned integer of a key's size (1, 2, 4 or 8 bytes).
template <class T>
using Image =
    std::tuple_element_t<std::bit_width(sizeof(T)) - 1,
                         std::tuple<std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t>>;

template <class T>
inline constexpr int kKeyBits = 8 * static_cast<int>(sizeof(T));

template <class T>
KOKKOS_INLINE_FUNCTION constexpr Image<T> sign_bit() {
  return static_cast<Image<T>>(Image<T>(1) << (kKeyBits<T> - 1));
}

// Callable in device code too (the comparator rows: OrderLess), so its bits
// are copied with memcpy rather than std::bit_cast, a host function.
template <class T>
KOKKOS_INLINE_FUNCTION Image<T> order_image(T key) {
  using U = Image<T>;
  U bits;
  memcpy(&bits, &key, sizeof(U));
  if constexpr (std::is_unsigned_v<T>) {
    return bits;
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<U>(bits ^ sign_bit<T>());
  } else {
    return static_cast<U>(bits ^ ((bits & sign_bit<T>()) ? static_cast<U>(~U(0)) : sign_bit<T>()));
  }
}

// The key whose image is `image` (order_image's inverse).
template <class T>
constexpr T from_image(Image<T> image) {
  using U = Image<T>;
  if constexpr (std::is_unsigned_v<T>) {
    return image;
  } else if constexpr (std::is_integral_v<T>) {
    return std::bit_cast<T>(static_cast<U>(image ^ sign_bit<T>()));
  } else {
    // A set sign bit in the image marks a non-negative key.
    const U mask = (image & sign_bit<T>()) ? sign_bit<T>() : static_cast<U>(~U(0));
    return std::bit_cast<T>(static_cast<U>(image ^ mask));
  }
}

// A run's order: by the low `bits` bits of each key's image (the whole key
// when bits is the key's width), ascending or descending; keys of equal
// rank keep their input order in the stable sorts.
struct Order {
  int bits = 64;  // clamped to the key's width
  bool descending = false;

  // The part of the image the run sorts by.
  template <class T>
  KOKKOS_INLINE_FUNCTION Image<T> rank(T key) const {
    using U = Image<T>;
    const U mask = bits >= kKeyBits<T> ? static_cast<U>(~U(0))
                                       : static_cast<U>((std::uint64_t{1} << bits) - 1);
    return static_cast<U>(order_image(key) & mask);
  }
  // Strict weak order: whether a goes before b.
  template <class T>
  KOKKOS_INLINE_FUNCTION bool before(T a, T b) const {
    return descending ? rank(b) < rank(a) : rank(a) < rank(b);
  }
  // Whether `<` on the keys themselves is this order (integers, the whole
  // key, ascending): the std baselines then sort with std::less, as users do.
  template <class T>
  constexpr bool is_natural() const {
    return std::is_integral_v<T> && !descending && bits >= kKeyBits<T>;
  }
};

// The order as a comparator a kernel calls (kp::sort's and CUB's merge sorts).
template <class T>
struct OrderLess {
  Order order;
  KOKKOS_INLINE_FUNCTION bool operator()(const T& a, const T& b) const {
    return order.before(a, b);
  }
};

}  // namespace bench::sort
