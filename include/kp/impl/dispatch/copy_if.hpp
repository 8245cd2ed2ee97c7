#pragma once
// Stream compaction behind kp::copy_if and kp::copy_index_if: the argument
// checks, the tile plan and the workspace of the look-back over the counts
// of selected elements (agent/compact_tiles.hpp), or Kokkos' parallel_scan
// over the 0/1 flags for Views that are not contiguous.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include <kp/impl/agent/compact_tiles.hpp>
#include <kp/impl/agent/decoupled_lookback.hpp>
#include <kp/impl/core/algorithm.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/dispatch/reduce.hpp>
#include <kp/impl/thread/scan_op.hpp>
#include <kp/impl/tuning/copy_if.hpp>
#include <kp/impl/tuning/scan.hpp>

namespace kp::impl {

// The generic path: Kokkos' parallel_scan over the 0/1 flags, any View.
template <class In, class Out, class Pred, class Emit>
struct KokkosCompactFunctor {
  In in;
  Out out;
  Pred pred;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i, CompactCount& k, bool final) const {
    const auto value = in(i);
    if (!pred(value)) return;
    if (final && k < static_cast<CompactCount>(out.extent(0))) {
      out(k) = Emit::template value<typename Out::non_const_value_type>(i, value);
    }
    ++k;
  }
};

// The tiles of the look-back of values X: on CUDA a team of the scan's
// register tile (ScanTuning's team), CopyIfTuning's staged_items<X> values
// each (compact_staged) or register_items (compact_by_warps); elsewhere the
// scan's.
template <class Space, class X>
TilePlan compact_plan(std::int64_t n) {
  if constexpr (!is_cuda_space<Space>()) {
    return lookback_plan<Space, CompactCount>(n);
  } else {
    using Tuning = tuning::Tuned<tuning::CopyIfTuning, Space>;
    return make_tile_plan(
        n, GpuScanTuning::team,
        Tuning::template stages<X> ? Tuning::template staged_items<X> : Tuning::register_items);
  }
}

// The number of elements of `in` that satisfy pred; the first
// out.extent(0) of them (or their indices) written to out, in order.
// `tiles`: another tile plan for the look-back (tests), else lookback_plan.
template <class Emit, class Space, class In, class Out, class Pred>
std::int64_t compact(const char* call, const Space& space, const In& in, const Out& out,
                     const Pred& pred, Algorithm algorithm, const TilePlan* tiles = nullptr) {
  check_view<Space, In>();
  check_view<Space, Out>();
  using X = value_t<In>;
  using O = value_t<Out>;
  static_assert(std::is_same_v<typename Out::value_type, O>, "kp: the output must be writable");
  const std::int64_t n = in.extent(0);
  if (algorithm == Algorithm::automatic) algorithm = Algorithm::decoupled_lookback;
  if (algorithm != Algorithm::decoupled_lookback && algorithm != Algorithm::kokkos) {
    unsupported(call, algorithm, Space::name());
  }
  if (n == 0) return 0;
  const bool contiguous = is_contiguous(in) && is_contiguous(out);
  // On CUDA counts below 2^31 travel as 32-bit values: the look-back's
  // status then packs flag and count in one 64-bit word (no fences).
  const auto lookback = [&](auto count_type) -> std::int64_t {
    using Count = decltype(count_type);
    const TilePlan plan = tiles ? *tiles : compact_plan<Space, X>(n);
    using Compact = CompactTiles<Space, X, O, Pred, Emit, Count>;
    const bool by_warps = is_cuda_space<Space>() && plan.items == compact_plan<Space, X>(0).items &&
                          plan.team % kWarp == 0 && plan.team <= GpuScanTuning::team;
    using Scan = DecoupledLookbackScan<Space, Count>;
    const auto scanner = workspace<Scan>(
        space, [&](const Scan& s) { return s.capacity() >= plan.tiles; },
        [&] { return Scan(plan.tiles); });
    const auto slot = workspace<ResultSlot<Space>>(
        space, [](const ResultSlot<Space>& s) { return s.bytes.extent(0) >= sizeof(Count); },
        [] { return ResultSlot<Space>{View<char*, Space>("kp::copy_if count", 256)}; });
    const View<Count, Space> total(reinterpret_cast<Count*>(slot->bytes.data()));
    const auto in_c = contiguous_in<Space>(in);
    const auto out_c = contiguous_out<Space>(out);
    scanner->launch(
        space, plan,
        by_warps ? Compact::by_warps_scratch_bytes(plan.team) : plan.scratch_bytes<Count>(), call,
        [&](const auto& status, const auto& next_tile) {
          using Tiles = ChainedScanTiles<Space, Count, ScanSum<Count>, X, SelectFlag<Pred, Count>>;
          const Tiles tiles{in_c, {},   status, next_tile, plan, false,
                            0,    true, false,  false,     {},   SelectFlag<Pred, Count>{pred}};
          return Compact{tiles, out_c.data(), static_cast<std::int64_t>(out.extent(0)), total,
                         by_warps};
        });
    Count count = 0;
    Kokkos::deep_copy(space, Kokkos::View<Count, Kokkos::HostSpace>(&count), total);
    space.fence();
    return count;
  };
  if (algorithm == Algorithm::decoupled_lookback && contiguous) {
    if constexpr (is_cuda_space<Space>()) {
      if (n <= std::numeric_limits<std::int32_t>::max()) return lookback(std::int32_t{});
    }
    return lookback(CompactCount{});
  }
  CompactCount count = 0;
  Kokkos::parallel_scan(call, IndexRange<Space>(space, 0, n),
                        KokkosCompactFunctor<In, Out, Pred, Emit>{in, out, pred}, count);
  space.fence();
  return count;
}

}  // namespace kp::impl
