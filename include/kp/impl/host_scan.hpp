#pragma once
// The scan of one tile by one host thread, with the tile in cache, as runs of
// independent adds instead of one chain. A scan in index order is one chain
// of dependent adds, bound by their latency: the look-back's host tiles,
// summed and then scanned that way, were two chains per element, so two
// OpenMP threads were no faster than std::inclusive_scan on one thread
// (2-core build machine, 55 ms at 2^26 floats). Here the tile's sum runs in
// kHostScanLanes accumulators, and its scan in blocks of kHostScanLanes
// consecutive elements: each block's own prefix (independent of the other
// blocks), plus a carry that takes one add per block. Blocks are contiguous:
// segments of the tile scanned side by side were slower still (1 KB-strided
// streams). Sums join adjacent ranges only, so integer scans stay exact; a
// floating-point scan differs from the sequential one by rounding, as the
// library documents. Signed integers add in their unsigned type: a lane or a
// block sums elements whose own sum may overflow where no prefix sum does
// (every 4th of INT_MAX, -INT_MAX, ...), which would be undefined; modulo
// 2^N every result is exact, so it is the sequential one wherever that fits.
#include <Kokkos_Core.hpp>
#include <type_traits>

namespace kp::impl {

inline constexpr int kHostScanLanes = 4;
// The tile's sum (no prefixes needed) in more lanes: SIMD registers' worth.
inline constexpr int kHostSumLanes = 16;

template <class T>
class HostTileScan {
  using A = typename std::conditional_t<std::is_integral_v<T> && std::is_signed_v<T>,
                                        std::make_unsigned<T>, std::common_type<T>>::type;

 public:
  // Sums x[0, count).
  KOKKOS_INLINE_FUNCTION HostTileScan(const T* x, int count) : x_(x), count_(count) {
    A lanes[kHostSumLanes] = {};
    int i = 0;
    for (; i + kHostSumLanes <= count; i += kHostSumLanes) {
      for (int s = 0; s < kHostSumLanes; ++s) lanes[s] += A(x[i + s]);
    }
    A sum = A(0);
    for (int s = 0; s < kHostSumLanes; ++s) sum += lanes[s];
    for (; i < count; ++i) sum += A(x[i]);
    total_ = T(sum);
  }

  KOKKOS_INLINE_FUNCTION T total() const { return total_; }

  // y[i] = prefix + x[0] + ... + x[i] (inclusive) or + x[i - 1] (exclusive).
  // y may be x: a block is read whole before it is written.
  KOKKOS_INLINE_FUNCTION void store(T prefix, bool inclusive, T* y) const {
    scan(x_, count_, prefix, inclusive, y);
  }

  // The same for any x[0, count) in one pass (one thread's whole scan);
  // returns prefix plus the sum of x.
  KOKKOS_INLINE_FUNCTION static T scan(const T* x, std::int64_t count, T prefix, bool inclusive,
                                       T* y) {
    A carry = A(prefix);
    std::int64_t i = 0;
    for (; i + kHostScanLanes <= count; i += kHostScanLanes) {
      A block[kHostScanLanes];  // the block's inclusive prefix
      block[0] = A(x[i]);
      for (int s = 1; s < kHostScanLanes; ++s) block[s] = block[s - 1] + A(x[i + s]);
      if (inclusive) {
        for (int s = 0; s < kHostScanLanes; ++s) y[i + s] = T(carry + block[s]);
      } else {
        y[i] = T(carry);
        for (int s = 1; s < kHostScanLanes; ++s) y[i + s] = T(carry + block[s - 1]);
      }
      carry += block[kHostScanLanes - 1];
    }
    for (; i < count; ++i) {
      const A v = A(x[i]);
      if (!inclusive) y[i] = T(carry);
      carry += v;
      if (inclusive) y[i] = T(carry);
    }
    return T(carry);
  }

 private:
  const T* x_;
  int count_;
  T total_;
};

}  // namespace kp::impl
