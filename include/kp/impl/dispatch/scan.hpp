#pragma once
// The scans behind kp::inclusive_scan, kp::exclusive_scan and their
// operator and transform forms: the scan by any operation (scan_op.hpp) of
// load(in[i]), by the algorithm the caller or the dispatch table names.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <string>
#include <type_traits>

#include <kp/impl/agent/decoupled_lookback.hpp>
#include <kp/impl/core/algorithm.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/dispatch/reduce.hpp>
#include <kp/impl/thread/scan_op.hpp>

namespace kp::impl {

// The generic path for the sum: Kokkos' parallel_scan, for any View. Each
// call reads in(i) before it writes out(i), so in place works.
template <class In, class Out, class T>
struct KokkosScanFunctor {
  In in;
  Out out;
  bool inclusive;
  T init;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i, T& sum, bool final) const {
    const T x = in(i);
    if (final && !inclusive) out(i) = init + sum;
    sum += x;
    if (final && inclusive) out(i) = init + sum;
  }
};

// A partial result of Kokkos' parallel_scan under another operation, which
// has no identity to start from: `any` says whether it holds a value (an
// int, so the value travels as 32-bit words through volatile joins), and
// `first` the index of its first element. Kokkos joins adjacent ranges, but
// not always the earlier into the later: its CUDA scan joins a warp's
// later partial with the earlier one as `from`. The join orders the two by
// `first`, so that op sees them in sequence order on every backend.
template <class T>
struct ScanPartial {
  T value;
  std::int64_t first;
  std::int32_t any;
};

template <class T, class Op>
struct ScanPartialJoin {
  Op op;
  KOKKOS_INLINE_FUNCTION void join(ScanPartial<T>& into, const ScanPartial<T>& from) const {
    if (!from.any) return;
    if (!into.any) {
      into = from;
    } else if (from.first < into.first) {
      into.value = op(from.value, into.value);
      into.first = from.first;
    } else {
      into.value = op(into.value, from.value);
    }
  }
};

// The generic path under any operation.
template <class In, class Out, class T, class Op, class Load>
struct KokkosOpScanFunctor {
  using value_type = ScanPartial<T>;
  In in;
  Out out;
  bool inclusive;
  Running<T> start;
  ScanPartialJoin<T, Op> combine;
  Load load;

  KOKKOS_INLINE_FUNCTION T after_start(const value_type& sum) const {
    if (!sum.any) return start.value;
    return start.any ? combine.op(start.value, sum.value) : sum.value;
  }
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i, value_type& sum, bool final) const {
    const value_type x{static_cast<T>(load(in(i))), i, 1};
    if (final && !inclusive) out(i) = after_start(sum);
    combine.join(sum, x);
    if (final && inclusive) out(i) = after_start(sum);
  }
  KOKKOS_INLINE_FUNCTION void init(value_type& sum) const {
    sum.value = T{};
    sum.first = 0;
    sum.any = 0;
  }
  KOKKOS_INLINE_FUNCTION void join(value_type& into, const value_type& from) const {
    combine.join(into, from);
  }
  KOKKOS_INLINE_FUNCTION void join(volatile value_type& into,
                                   const volatile value_type& from) const {
    volatile_join(combine, into, from);
  }
};

// One thread in index order, what a one-thread host space runs (a look-back
// there only adds work), in blocks of 4 independent combines and a carry
// (HostTileScan::scan): std::inclusive_scan's one chain of dependent adds is
// bound by their latency. In place works: each block is read before it is
// written. Host only. Out of line: inlined into Kokkos' Serial dispatch,
// g++ 12 keeps the running sum in memory instead of a register. Values of
// 16 bytes and more are stored as usual (no streaming stores compiled in):
// one thread streams them more slowly than it stores them; smaller values
// stream where host_scan_streams says.
template <class T, class Op, class In, class Load>
[[gnu::noinline]] void sequential_scan(const In* in, T* out, std::int64_t n, bool inclusive,
                                       Running<T> init, const Op& op, const Load& load) {
  HostTileScan<T, Op, In, Load>(op, load).template scan<(sizeof(T) < 16)>(
      in, n, init, inclusive, out, host_scan_streams(n, sizeof(T)));
}

template <class T, class Op, class In, class Load>
struct SequentialScan {
  const In* in;
  T* out;
  std::int64_t n;
  bool inclusive;
  Running<T> init;
  Op op;
  Load load;
  void operator()(int) const { sequential_scan(in, out, n, inclusive, init, op, load); }
};

template <class Space>
Algorithm scan_algorithm(const Space& space) {
  return !is_gpu_space<Space>() && space.concurrency() == 1 ? Algorithm::sequential
                                                            : Algorithm::decoupled_lookback;
}

// out = the scan by `op` of load(in(i)) after `init` (empty: an inclusive
// scan from the first element).
template <class Space, class In, class Out, class Op, class Load>
void scan_by(const char* call, const Space& space, const In& in, const Out& out, bool inclusive,
             const Running<value_t<Out>>& init, const Op& op, const Load& load,
             Algorithm algorithm) {
  check_view<Space, In>();
  check_view<Space, Out>();
  using T = value_t<Out>;
  using X = value_t<In>;
  static_assert(std::is_same_v<typename Out::value_type, T>, "kp: scan output must be writable");
  static_assert(is_scan_value<T>,
                "kp: scans need trivially copyable, default-constructible values");
  static_assert(sizeof(T) % sizeof(std::uint32_t) == 0,
                "kp: scan values are a multiple of 4 bytes (Kokkos' scans combine 4-byte "
                "words): scan int8 or int16 data into an int32 View");
  const std::int64_t n = in.extent(0);
  if (out.extent(0) != in.extent(0)) {
    throw std::invalid_argument(std::string(call) + ": in has " + std::to_string(n) +
                                " elements, out " + std::to_string(out.extent(0)));
  }
  if (n == 0) return;
  if (algorithm == Algorithm::automatic) algorithm = scan_algorithm(space);
  const bool contiguous = is_contiguous(in) && is_contiguous(out);
  if (algorithm == Algorithm::sequential && is_gpu_space<Space>()) {
    unsupported(call, algorithm, Space::name());
  }
  if constexpr (!is_gpu_space<Space>()) {
    if (algorithm == Algorithm::sequential && contiguous) {
      Kokkos::parallel_for(call, Kokkos::RangePolicy<Space>(space, 0, 1),
                           SequentialScan<T, Op, X, Load>{contiguous_in<Space>(in).data(),
                                                          contiguous_out<Space>(out).data(), n,
                                                          inclusive, init, op, load});
      return;
    }
  }
  if (algorithm == Algorithm::decoupled_lookback && contiguous) {
    // Integer scans need n < 2^31 * tile for the int32 tile counter: far
    // past any memory (2^31 tiles of 2048 elements).
    const TilePlan plan = lookback_plan<Space, T>(n);
    using Scan = DecoupledLookbackScan<Space, T>;
    const auto scanner = workspace<Scan>(
        space, [&](const Scan& s) { return s.capacity() >= plan.tiles; },
        [&] { return Scan(plan.tiles); });
    scanner->run(space, plan, contiguous_in<Space>(in), contiguous_out<Space>(out), inclusive, init,
                 op, load);
    return;
  }
  if (algorithm == Algorithm::kokkos || !contiguous) {
    if constexpr (is_scan_sum<Op> && std::is_same_v<Load, Identity>) {
      Kokkos::parallel_scan(call, IndexRange<Space>(space, 0, n),
                            KokkosScanFunctor<In, Out, T>{in, out, inclusive, init.value});
    } else {
      Kokkos::parallel_scan(call, IndexRange<Space>(space, 0, n),
                            KokkosOpScanFunctor<In, Out, T, Op, Load>{
                                in, out, inclusive, init, ScanPartialJoin<T, Op>{op}, load});
    }
    return;
  }
  unsupported(call, algorithm, Space::name());
}

template <class Space, class In, class Out, class Op, class Load>
void scan(const char* call, const Space& space, const In& in, const Out& out, bool inclusive,
          const Running<value_t<Out>>& init, const Op& op, const Load& load, Algorithm algorithm) {
  if constexpr (is_arithmetic_plus<Op, value_t<Out>>) {
    scan_by(call, space, in, out, inclusive, init, ScanSum<value_t<Out>>(), load, algorithm);
  } else {
    scan_by(call, space, in, out, inclusive, init, op, load, algorithm);
  }
}

// The sum scan (mpi.hpp's entry).
template <class Space, class In, class Out>
void scan(const char* call, const Space& space, const In& in, const Out& out, bool inclusive,
          const value_t<Out>& init, Algorithm algorithm) {
  static_assert(std::is_same_v<value_t<In>, value_t<Out>>,
                "kp: scan input and output value types differ");
  static_assert(std::is_arithmetic_v<value_t<Out>>, "kp: scans need arithmetic values");
  scan(call, space, in, out, inclusive, Running<value_t<Out>>{init, true}, ScanSum<value_t<Out>>(),
       Identity(), algorithm);
}

}  // namespace kp::impl
