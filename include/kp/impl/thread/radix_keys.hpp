#pragma once
// Thread level of the radix sorts: a key's order-preserving unsigned image
// and its digits. The image of an unsigned integer is itself; of a signed
// integer, its bits with the sign flipped; of a float or double, its bits
// with the sign flipped when positive and every bit flipped when negative,
// which orders -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN. A
// descending sort takes the image's complement.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace kp::impl::sort {

// The unsigned integer of a key's size.
template <class T>
using Image = std::conditional_t<
    sizeof(T) == 1, std::uint8_t,
    std::conditional_t<sizeof(T) == 2, std::uint16_t,
                       std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;

template <class T>
inline constexpr bool is_radix_key = (std::is_integral_v<T> && !std::is_same_v<T, bool>) ||
                                     std::is_same_v<T, float> || std::is_same_v<T, double>;

template <class T>
inline constexpr int key_bits = 8 * static_cast<int>(sizeof(T));

// The order-preserving unsigned image of a key (complemented for descending).
template <class T>
KOKKOS_INLINE_FUNCTION Image<T> image(T key, bool descending) {
  using U = Image<T>;
  constexpr U sign = static_cast<U>(U(1) << (key_bits<T> - 1));
  U bits;
  if constexpr (std::is_unsigned_v<T>) {
    bits = key;
  } else if constexpr (std::is_integral_v<T>) {
    bits = static_cast<U>(static_cast<U>(key) ^ sign);
  } else {
    memcpy(&bits, &key, sizeof(T));
    bits = (bits & sign) ? static_cast<U>(~bits) : static_cast<U>(bits | sign);
  }
  return descending ? static_cast<U>(~bits) : bits;
}

// Radix digits: 8 bits, the last digit of a bit range possibly narrower.
inline constexpr int kDigitBits = 8;
inline constexpr int kDigits = 1 << kDigitBits;

// One pass's digit of a key: bits [shift, shift + width) of its image.
struct Digit {
  int shift = 0;
  std::uint32_t mask = kDigits - 1;
  bool descending = false;
  template <class T>
  KOKKOS_INLINE_FUNCTION std::uint32_t operator()(T key) const {
    return static_cast<std::uint32_t>(image(key, descending) >> shift) & mask;
  }
};

}  // namespace kp::impl::sort
