#pragma once
// The scan of one tile by one host thread, with the tile in cache, as runs of
// independent adds instead of one chain. A scan in index order is one chain
// of dependent adds, bound by their latency: the look-back's host tiles,
// summed and then scanned that way, would be two chains per element, no
// faster on two threads than std::inclusive_scan on one. Here the tile's sum runs in
// HostScanTuning::scan_lanes accumulators, and its scan in blocks of HostScanTuning::scan_lanes
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

#include <kp/impl/agent/host_select_scan.hpp>
#include <kp/impl/thread/scan_op.hpp>
#include <kp/impl/tuning/scan.hpp>
#if defined(__SSE2__) && !defined(__CUDA_ARCH__)
#include <emmintrin.h>
#include <unistd.h>
#define KP_HOST_STREAM_STORES 1
#endif

namespace kp::impl {

// Whether a scan of `elements` values of `size` bytes streams its output:
// when its input and output together do not fit in the last-level cache
// (sysconf; HostScanTuning::assumed_cache where it does not say).
inline bool host_scan_streams(std::int64_t elements, std::size_t size) {
#if defined(KP_HOST_STREAM_STORES)
  static const double cache = [] {
    long bytes = 0;
#if defined(_SC_LEVEL3_CACHE_SIZE)
    bytes = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (bytes <= 0) bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    return bytes > 0 ? double(bytes) : HostScanTuning::assumed_cache;
  }();
  return 2.0 * double(elements) * double(size) > cache;
#else
  (void)elements, (void)size;
  return false;
#endif
}

// The scan of x[0, count) by `op` (scan_op.hpp), each element entering as
// load(x[i]). The sum of signed integers runs in their unsigned type.
template <class T, class Op = ScanSum<T>, class In = T, class Load = Identity>
class HostTileScan {
  static constexpr bool kSum = is_scan_sum<Op>;
  // kp::maximum / minimum of float or double, read as they are: blocks in
  // SSE registers (host_select_scan.hpp).
  static constexpr bool kSelect =
      kHostSelectScan<Op, T> && std::is_same_v<In, T> && std::is_same_v<Load, Identity>;
  using A = typename std::conditional_t<kSum && std::is_integral_v<T> && std::is_signed_v<T>,
                                        std::make_unsigned<T>, std::common_type<T>>::type;

 public:
  KOKKOS_INLINE_FUNCTION explicit HostTileScan(const Op& op = Op(), const Load& load = Load())
      : op_(op), load_(load) {}

  // The combination of x[0, count), count >= 1: in HostScanTuning::sum_lanes lanes for
  // a commutative sum, in index order otherwise.
  KOKKOS_INLINE_FUNCTION T total(const In* x, int count) const {
#if defined(KP_HOST_SELECT_SCAN)
    if constexpr (kSelect) {
      T t;
      if (HostSelectScan<T, Op>::total(x, count, t)) return t;
    }
#endif
    if constexpr (kSum) {
      A lanes[HostScanTuning::sum_lanes] = {};
      int i = 0;
      for (; i + HostScanTuning::sum_lanes <= count; i += HostScanTuning::sum_lanes) {
        for (int s = 0; s < HostScanTuning::sum_lanes; ++s) lanes[s] += get(x[i + s]);
      }
      A sum = A(0);
      for (int s = 0; s < HostScanTuning::sum_lanes; ++s) sum += lanes[s];
      for (; i < count; ++i) sum += get(x[i]);
      return T(sum);
    } else {
      // Four adjacent quarters side by side (four independent chains),
      // joined in order: associativity is all this needs.
      const int q = count / 4;
      if (q == 0) {
        A sum = get(x[0]);
        for (int i = 1; i < count; ++i) sum = join(sum, get(x[i]));
        return T(sum);
      }
      A a0 = get(x[0]), a1 = get(x[q]), a2 = get(x[2 * q]), a3 = get(x[3 * q]);
      for (int i = 1; i < q; ++i) {
        a0 = join(a0, get(x[i]));
        a1 = join(a1, get(x[q + i]));
        a2 = join(a2, get(x[2 * q + i]));
        a3 = join(a3, get(x[3 * q + i]));
      }
      for (int i = 4 * q; i < count; ++i) a3 = join(a3, get(x[i]));
      return T(join(join(join(a0, a1), a2), a3));
    }
  }

  // y[i] = prefix op x[0] op ... op x[i] (inclusive) or ... x[i - 1]
  // (exclusive, where prefix is never empty). y may be x: a block is read
  // whole before it is written. stream: non-temporal stores
  // (host_scan_streams), where kStreamStores compiles them in. Returns
  // prefix op the combination of x.
  template <bool kStreamStores = true>
  KOKKOS_INLINE_FUNCTION T scan(const In* x, std::int64_t count, const Running<T>& prefix,
                                bool inclusive, T* y, bool stream = false) const {
    if (!prefix.any) {  // an inclusive scan's first element is itself
      if (count == 0) return prefix.value;
      const T first = T(get(x[0]));
      y[0] = first;
      return scan<kStreamStores>(x + 1, count - 1, Running<T>{first, true}, inclusive, y + 1,
                                 stream);
    }
#if defined(KP_HOST_STREAM_STORES)
    if constexpr (kStreamable && kStreamStores) {
      if (stream) return streamed_scan(x, count, prefix.value, inclusive, y);
    }
#endif
    (void)stream;
    return stored_scan(x, count, prefix.value, inclusive, y);
  }

  // The sum's form: y[i] = prefix + x[0] + ... (one thread's whole scan).
  KOKKOS_INLINE_FUNCTION static T scan(const In* x, std::int64_t count, T prefix, bool inclusive,
                                       T* y, bool stream = false) {
    return HostTileScan().scan(x, count, Running<T>{prefix, true}, inclusive, y, stream);
  }

 private:
  // scan's form with regular stores and a prefix; the loop is compiled for
  // each of inclusive and exclusive (no test in it).
  KOKKOS_INLINE_FUNCTION T stored_scan(const In* x, std::int64_t count, T prefix, bool inclusive,
                                       T* y) const {
    return inclusive ? stored_scan<true>(x, count, prefix, y)
                     : stored_scan<false>(x, count, prefix, y);
  }
  template <bool kInclusive>
  KOKKOS_INLINE_FUNCTION T stored_scan(const In* x, std::int64_t count, T prefix, T* y) const {
    constexpr bool inclusive = kInclusive;
    A carry = A(prefix);
    std::int64_t i = 0;
    for (; i + kBlock <= count; i += kBlock) {
      T out[kBlock];
      carry = block<kInclusive>(x + i, carry, out);
      for (int s = 0; s < kBlock; ++s) y[i + s] = out[s];
    }
    return T(scalar_scan(x, i, count, carry, inclusive, y));
  }

  KOKKOS_INLINE_FUNCTION A get(const In& x) const {
    return A(static_cast<T>(load_(x)));
  }
  KOKKOS_INLINE_FUNCTION A join(const A& a, const A& b) const {
    if constexpr (kSum) {
      return a + b;
    } else {
      return op_(a, b);
    }
  }

  // Values a block of the scan loops.
#if defined(KP_HOST_SELECT_SCAN)
  static constexpr int kBlock = kSelect ? host_select_block<Op, T>() : HostScanTuning::scan_lanes;
#else
  static constexpr int kBlock = HostScanTuning::scan_lanes;
#endif

  // The block x[0, kBlock) after carry, into out; returns the carry past it.
  template <bool kInclusive>
  KOKKOS_INLINE_FUNCTION A block(const In* x, A carry, T* out) const {
#if defined(KP_HOST_SELECT_SCAN)
    if constexpr (kSelect) return HostSelectScan<T, Op>::template block<kInclusive>(x, carry, out);
#endif
    return block_scan(x, carry, kInclusive, out);
  }

  // A block of HostScanTuning::scan_lanes values: its own inclusive prefix, independent
  // of the other blocks, then the carry. Returns the carry past the block.
  // Other operations combine in one chain: the block's own prefix would
  // double their work, which for a select such as max costs more than the
  // chain's latency (kp::maximum and minimum of float and double have their
  // own blocks, host_select_scan.hpp).
  KOKKOS_INLINE_FUNCTION A block_scan(const In* x, A carry, bool inclusive, T* out) const {
    if constexpr (!kSum) {
      for (int s = 0; s < HostScanTuning::scan_lanes; ++s) {
        const A v = get(x[s]);
        if (!inclusive) out[s] = T(carry);
        carry = join(carry, v);
        if (inclusive) out[s] = T(carry);
      }
      return carry;
    }
    A block[HostScanTuning::scan_lanes];  // the block's inclusive prefix
    block[0] = get(x[0]);
    for (int s = 1; s < HostScanTuning::scan_lanes; ++s) block[s] = join(block[s - 1], get(x[s]));
    if (inclusive) {
      for (int s = 0; s < HostScanTuning::scan_lanes; ++s) out[s] = T(join(carry, block[s]));
    } else {
      out[0] = T(carry);
      for (int s = 1; s < HostScanTuning::scan_lanes; ++s) out[s] = T(join(carry, block[s - 1]));
    }
    return join(carry, block[HostScanTuning::scan_lanes - 1]);
  }

  // Elements [i, end) one at a time; returns the carry past them.
  KOKKOS_INLINE_FUNCTION A scalar_scan(const In* x, std::int64_t i, std::int64_t end, A carry,
                                       bool inclusive, T* y) const {
    for (; i < end; ++i) {
      const A v = get(x[i]);
      if (!inclusive) y[i] = T(carry);
      carry = join(carry, v);
      if (inclusive) y[i] = T(carry);
    }
    return carry;
  }

  // A block's values fill whole 16-byte stores (4- and 8-byte types).
  static constexpr bool kStreamable =
      (sizeof(T) * kBlock) % 16 == 0 && 16 % sizeof(T) == 0 && std::is_trivially_copyable_v<T>;

#if defined(KP_HOST_STREAM_STORES)
  // The same values as scan's, each block stored with non-temporal 16-byte
  // stores once y is 16-byte aligned (the elements before that one at a
  // time). The fence orders the streamed stores before whatever this
  // thread publishes next (the look-back's flags, the end of the kernel).
  T streamed_scan(const In* x, std::int64_t count, T prefix, bool inclusive, T* y) const {
    return inclusive ? streamed_scan<true>(x, count, prefix, y)
                     : streamed_scan<false>(x, count, prefix, y);
  }
  template <bool kInclusive>
  T streamed_scan(const In* x, std::int64_t count, T prefix, T* y) const {
    constexpr bool inclusive = kInclusive;
    const std::int64_t misaligned =
        static_cast<std::int64_t>((16 - reinterpret_cast<std::uintptr_t>(y) % 16) % 16);
    std::int64_t i = misaligned % sizeof(T) == 0 ? misaligned / sizeof(T) : count;
    if (i > count) i = count;
    A carry = scalar_scan(x, 0, i, A(prefix), inclusive, y);
    for (; i + kBlock <= count; i += kBlock) {
      T out[kBlock];
      carry = block<kInclusive>(x + i, carry, out);
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

  Op op_;
  Load load_;
};

}  // namespace kp::impl
