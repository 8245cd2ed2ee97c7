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
//
// Past the last-level cache the output is written with non-temporal
// (streaming) stores where the target has them (x86-64: SSE2, part of the
// baseline): a regular store first reads its cache line from memory (a
// read-for-ownership), so a scan moved 3N elements where memcpy, whose large
// copies stream, moves 2N; on two threads of the 2-core machine this made
// a 2^26-float scan about 15% faster, on one it changed nothing. Below that
// size the output stays in cache for whoever reads it next, so regular
// stores are kept.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstring>
#include <type_traits>
#if defined(__SSE2__) && !defined(__CUDA_ARCH__)
#include <emmintrin.h>
#include <unistd.h>
#define KP_HOST_STREAM_STORES 1
#endif

namespace kp::impl {

inline constexpr int kHostScanLanes = 4;
// The tile's sum (no prefixes needed) in more lanes: SIMD registers' worth.
inline constexpr int kHostSumLanes = 16;

// Whether a scan of `elements` values of `size` bytes streams its output:
// when its input and output together do not fit in the last-level cache
// (sysconf; 32 MiB where it does not say).
inline bool host_scan_streams(std::int64_t elements, std::size_t size) {
#if defined(KP_HOST_STREAM_STORES)
  static const double cache = [] {
    long bytes = 0;
#if defined(_SC_LEVEL3_CACHE_SIZE)
    bytes = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (bytes <= 0) bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    return bytes > 0 ? double(bytes) : 32.0 * (1 << 20);
  }();
  return 2.0 * double(elements) * double(size) > cache;
#else
  (void)elements, (void)size;
  return false;
#endif
}

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
  // stream: non-temporal stores (host_scan_streams).
  KOKKOS_INLINE_FUNCTION void store(T prefix, bool inclusive, T* y, bool stream) const {
    scan(x_, count_, prefix, inclusive, y, stream);
  }

  // The same for any x[0, count) in one pass (one thread's whole scan);
  // returns prefix plus the sum of x.
  KOKKOS_INLINE_FUNCTION static T scan(const T* x, std::int64_t count, T prefix, bool inclusive,
                                       T* y, bool stream = false) {
#if defined(KP_HOST_STREAM_STORES)
    if constexpr (kStreamable) {
      if (stream) return streamed_scan(x, count, prefix, inclusive, y);
    }
#endif
    (void)stream;
    A carry = A(prefix);
    std::int64_t i = 0;
    for (; i + kHostScanLanes <= count; i += kHostScanLanes) {
      T out[kHostScanLanes];
      carry = block_scan(x + i, carry, inclusive, out);
      for (int s = 0; s < kHostScanLanes; ++s) y[i + s] = out[s];
    }
    return T(scalar_scan(x, i, count, carry, inclusive, y));
  }

 private:
  // A block of kHostScanLanes values: its own inclusive prefix, independent
  // of the other blocks, then the carry. Returns the carry past the block.
  KOKKOS_INLINE_FUNCTION static A block_scan(const T* x, A carry, bool inclusive, T* out) {
    A block[kHostScanLanes];  // the block's inclusive prefix
    block[0] = A(x[0]);
    for (int s = 1; s < kHostScanLanes; ++s) block[s] = block[s - 1] + A(x[s]);
    if (inclusive) {
      for (int s = 0; s < kHostScanLanes; ++s) out[s] = T(carry + block[s]);
    } else {
      out[0] = T(carry);
      for (int s = 1; s < kHostScanLanes; ++s) out[s] = T(carry + block[s - 1]);
    }
    return carry + block[kHostScanLanes - 1];
  }

  // Elements [i, end) one at a time; returns the carry past them.
  KOKKOS_INLINE_FUNCTION static A scalar_scan(const T* x, std::int64_t i, std::int64_t end, A carry,
                                              bool inclusive, T* y) {
    for (; i < end; ++i) {
      const A v = A(x[i]);
      if (!inclusive) y[i] = T(carry);
      carry += v;
      if (inclusive) y[i] = T(carry);
    }
    return carry;
  }

  // A block's values fill whole 16-byte stores (4- and 8-byte types).
  static constexpr bool kStreamable = (sizeof(T) * kHostScanLanes) % 16 == 0 &&
                                      16 % sizeof(T) == 0 && std::is_trivially_copyable_v<T>;

#if defined(KP_HOST_STREAM_STORES)
  // The same sums as scan's, each block stored with non-temporal 16-byte
  // stores once y is 16-byte aligned (the elements before that one at a
  // time). The fence orders the streamed stores before whatever this
  // thread publishes next (the look-back's flags, the end of the kernel).
  static T streamed_scan(const T* x, std::int64_t count, T prefix, bool inclusive, T* y) {
    const std::int64_t misaligned =
        static_cast<std::int64_t>((16 - reinterpret_cast<std::uintptr_t>(y) % 16) % 16);
    std::int64_t i = misaligned % sizeof(T) == 0 ? misaligned / sizeof(T) : count;
    if (i > count) i = count;
    A carry = scalar_scan(x, 0, i, A(prefix), inclusive, y);
    for (; i + kHostScanLanes <= count; i += kHostScanLanes) {
      T out[kHostScanLanes];
      carry = block_scan(x + i, carry, inclusive, out);
      for (std::size_t b = 0; b < sizeof out; b += 16) {
        __m128i pack;
        std::memcpy(&pack, reinterpret_cast<const char*>(out) + b, 16);
        _mm_stream_si128(reinterpret_cast<__m128i*>(reinterpret_cast<char*>(y + i) + b), pack);
      }
    }
    carry = scalar_scan(x, i, count, carry, inclusive, y);
    _mm_sfence();
    return T(carry);
  }
#endif

  const T* x_;
  int count_;
  T total_;
};

}  // namespace kp::impl
