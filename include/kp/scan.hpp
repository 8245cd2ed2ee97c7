#pragma once
// kp::inclusive_scan / kp::exclusive_scan: prefix sums of a rank-1 View.
//
//   kp::inclusive_scan(space, in, out);        // out(i) = in(0) + ... + in(i)
//   kp::exclusive_scan(space, in, out, init);  // out(i) = init + in(0) + ... + in(i-1)
//
// `in` and `out` have the same length and value type and may be the same
// View (in place). Asynchronous on `space`, like a Kokkos dispatch. Partial
// sums combine adjacent ranges only, so integer scans are exact and equal
// the sequential scan; floating-point scans differ from it by rounding.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <type_traits>

#include <kp/algorithm.hpp>
#include <kp/impl/decoupled_lookback.hpp>
#include <kp/impl/views.hpp>
#include <kp/impl/workspace.hpp>

namespace kp {

namespace impl {

// The generic path: Kokkos' parallel_scan, for any View. Each call reads
// in(i) before it writes out(i), so in place works.
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

// One thread in index order, what a one-thread host space runs (a look-back
// there only adds work), in blocks of 4 independent adds and a carry
// (HostTileScan::scan): std::inclusive_scan's one chain of dependent adds is
// bound by their latency. In place works: each block is read before it is
// written. Host only. Out of line on purpose: inlined into Kokkos' Serial
// dispatch, g++ 12 -O3 stored the running sum to the stack on every element,
// 3.2x slower than std::inclusive_scan (185 vs 58 ms at 2^26 floats, 2-core
// machine).
template <class T>
[[gnu::noinline]] void sequential_scan(const T* in, T* out, std::int64_t n, bool inclusive, T sum) {
  HostTileScan<T>::scan(in, n, sum, inclusive, out, host_scan_streams(n, sizeof(T)));
}

template <class T>
struct SequentialScan {
  const T* in;
  T* out;
  std::int64_t n;
  bool inclusive;
  T init;
  void operator()(int) const { sequential_scan(in, out, n, inclusive, init); }
};

template <class Space>
Algorithm scan_algorithm(const Space& space) {
  return !is_gpu_space<Space>() && space.concurrency() == 1 ? Algorithm::sequential
                                                            : Algorithm::decoupled_lookback;
}

template <class Space, class In, class Out>
void scan(const char* call, const Space& space, const In& in, const Out& out, bool inclusive,
          const value_t<Out>& init, Algorithm algorithm) {
  check_view<Space, In>();
  check_view<Space, Out>();
  using T = value_t<Out>;
  static_assert(std::is_same_v<value_t<In>, T>, "kp: scan input and output value types differ");
  static_assert(std::is_same_v<typename Out::value_type, T>, "kp: scan output must be writable");
  static_assert(std::is_arithmetic_v<T>, "kp: scans need arithmetic values");
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
      Kokkos::parallel_for(
          call, Kokkos::RangePolicy<Space>(space, 0, 1),
          SequentialScan<T>{contiguous_in<Space>(in).data(), contiguous_out<Space>(out).data(), n,
                            inclusive, init});
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
    scanner->run(space, plan, contiguous_in<Space>(in), contiguous_out<Space>(out), inclusive,
                 init);
    return;
  }
  if (algorithm == Algorithm::kokkos || !contiguous) {
    Kokkos::parallel_scan(call, IndexRange<Space>(space, 0, n),
                          KokkosScanFunctor<In, Out, T>{in, out, inclusive, init});
    return;
  }
  unsupported(call, algorithm, Space::name());
}

}  // namespace impl

template <class ExecSpace, class InView, class OutView>
void inclusive_scan(const ExecSpace& space, const InView& in, const OutView& out,
                    Algorithm algorithm = Algorithm::automatic) {
  impl::scan("kp::inclusive_scan", space, in, out, true, impl::value_t<OutView>(0), algorithm);
}

template <class ExecSpace, class InView, class OutView>
void exclusive_scan(const ExecSpace& space, const InView& in, const OutView& out,
                    typename OutView::non_const_value_type init,
                    Algorithm algorithm = Algorithm::automatic) {
  impl::scan("kp::exclusive_scan", space, in, out, false, init, algorithm);
}

}  // namespace kp
