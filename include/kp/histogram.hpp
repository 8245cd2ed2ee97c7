#pragma once
// kp::histogram: counts of integer values in bins 0 .. B-1, B = counts.extent(0).
//
//   kp::histogram(space, values, counts);   // counts(b) = #{i : clamp(values(i)) == b}
//
// - values: int32 or int64; below 0 counts in bin 0, at or above B in bin B-1.
// - counts: uint32 or uint64 (uint64 cannot overflow on any real input;
//   uint32 wraps past 2^32 - 1 in one bin), overwritten, not added to.
// - B = 0 with non-empty values throws std::invalid_argument.
// Asynchronous on `space`. Counts are exact and identical on every space.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <type_traits>
#if defined(__SSE2__) && !defined(__SSE4_1__) && !defined(__CUDA_ARCH__)
#include <emmintrin.h>
#define KP_HISTOGRAM_CLAMP16 1
#endif

#include <kp/algorithm.hpp>
#include <kp/impl/cluster_histogram.hpp>
#include <kp/impl/launch.hpp>
#include <kp/impl/private_rows.hpp>
#include <kp/impl/views.hpp>
#include <kp/impl/workspace.hpp>

namespace kp {

namespace impl {

template <class Value>
KOKKOS_INLINE_FUNCTION std::int64_t clamp_bin(const Value& v, std::int64_t bins) {
  return v < 0 ? 0
               : (static_cast<std::int64_t>(v) >= bins ? bins - 1 : static_cast<std::int64_t>(v));
}

template <class Values, class Counts>
struct GlobalAtomicCount {
  Values values;
  Counts counts;
  std::int64_t bins;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    atomic_count(&counts(clamp_bin(values(i), bins)), typename Counts::value_type(1));
  }
};

// Each team counts a grid-strided slice into bins in team scratch (shared
// memory: fast atomics), then adds its nonzero bins to the counts.
template <class Space, class Values, class Counts>
struct TeamScratchCount {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  using Count = typename Counts::non_const_value_type;
  Values values;
  Counts counts;
  int bins;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    Count* local = static_cast<Count*>(team.team_scratch(0).get_shmem(sizeof(Count) * bins));
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, bins), [&](int b) { local[b] = 0; });
    team.team_barrier();
    const std::int64_t n = values.extent(0);
    const std::int64_t stride = std::int64_t{team.league_size()} * team.team_size();
    for (std::int64_t i = std::int64_t{team.league_rank()} * team.team_size() + team.team_rank();
         i < n; i += stride) {
      atomic_count(&local[clamp_bin(values(i), bins)], Count(1));
    }
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, bins), [&](int b) {
      if (local[b] != 0) atomic_count(&counts(b), local[b]);
    });
  }
};

// Host: tasks of kHistogramTask values (histogram_task), each counted into the rows of the
// thread that runs it (no atomics, no sharing; count_in_thread_rows hands
// the tasks out as threads come free), then every bin sums the rows (32-bit
// counts below 2^32 values: with_row_type). A task goes by blocks of
// kHistogramBlock values: first the block's bins, clamped in SIMD lanes into
// a small buffer, then one increment each (doing both in one loop costs twice as much: the clamp
// does not vectorize there, and a count stored may be the next value loaded). The increments read
// the buffer two bins at a time (one 64-bit load for two increments). Up to 1024 bins (uint32)
// they go to 4 interleaved sub-histograms, 16 KiB in all, so that runs of one bin do not wait on
// their own stores; past that to one: deeper rows cost more in cache than they save there.
// G values/s, 2^26 int32 values uniform over the bins and 1/16 beyond each end, median of 5
// (docs/results/h100-2026-11-25-session7/hist_probe.cpp; "sixth": one bin a load, depth 8 to 1
// within 16 KiB, the block's bins prefetched past it):
//   bins                         256    2048   4096   16384  65536  2^20
//   2-core VM, 2 threads: sixth  4.80   4.42   2.40   2.31   2.44   1.65
//     two bins a load, depth 1   4.68   4.75   3.67   3.94   3.57   1.91
//     depth 4                    5.09   3.92   4.02   3.32   2.85   0.50
//   16-core host (run K2): sixth 8.26   5.61   6.90   4.01   4.82   2.52
//     two bins a load, depth 1   11.19  11.76  10.73  7.26   8.14   3.32
//     depth 4                    11.54  10.44  7.07   5.51   6.36   1.15
inline constexpr int kHistogramBlock = 64;
// With 4 sub-histograms (the bins in L1), each block first asks for the
// values kHistogramAhead bytes on: the hardware prefetcher, which follows
// the loads, does not run far enough ahead of a loop this busy on each
// value. On the 16-vCPU Xeon (docs/results/h100-2026-11-25-session10, run
// U; 2^28 values, 256 bins, 16 threads, three passes interleaved) 19.3,
// 19.8, 18.4 ms -> 16.4, 14.9, 17.5 ms; on the 2-core VM (AMD), within its
// spread (docs/results/cpu-2core-2026-11-25-session10/ab.txt, 2^26, 2
// threads: 10.2-11.0 -> 10.3-10.4 ms). With one row (past 1024 bins the
// rows' misses, not the stream, set the pace) neither machine gained.
inline constexpr std::int64_t kHistogramAhead = 1024;
// Values a task counts (one thread): 1 MiB of int32, 1024 tasks at 2^28.
// Where that leaves a thread fewer than 4 tasks, the tasks halve, down to
// 2^14 values and to 4 values a bin (each thread's rows are zeroed and
// summed once it takes a task): 2^20 values were 4 tasks, so 4 of 16
// threads counted. 256 bins, 16 threads of the Xeon (docs/results/h100-
// 2026-11-26-session12, run T, three passes): 2^20 values 265-321 -> 82-87
// us (the baseline omp-private: 150-177), 2^22 299-410 -> 250-287 us.
inline constexpr std::int64_t kHistogramTask = std::int64_t{1} << 18;
inline constexpr std::int64_t kHistogramMinTask = std::int64_t{1} << 14;
constexpr std::int64_t histogram_task(std::int64_t n, std::int64_t bins, std::int64_t threads) {
  std::int64_t task = kHistogramTask;
  if (threads < 2) return task;
  const std::int64_t least = kHistogramMinTask > 4 * bins ? kHistogramMinTask : 4 * bins;
  while (task / 2 >= least && n < 4 * threads * task) task /= 2;
  return task;
}
// Four sub-histograms while they fit this many bytes, else one.
inline constexpr std::int64_t kHistogramDeepBytes = 16 * 1024;

inline int histogram_depth(std::int64_t bins, std::size_t row_size) {
  return 4 * bins * static_cast<std::int64_t>(row_size) <= kHistogramDeepBytes ? 4 : 1;
}

// f(depth) with depth as a compile-time constant.
template <class F>
void with_depth(int depth, F&& f) {
  if (depth == 4) return f(std::integral_constant<int, 4>{});
  return f(std::integral_constant<int, 1>{});
}

// bin[j] = x[j] clamped to [0, top] for a block of int32 values, top below
// 2^15, in SSE2 (the x86-64 baseline): packssdw saturates 8 values to int16
// (a value past either end of that range stays past 0 or top), pmaxsw and
// pminsw clamp them, and two unpacks widen them again: 9 instructions for 8
// values, where SSE2's int32 compares and selects (pminsd comes with
// SSE4.1, which a -march=native build uses instead) took 16. 2^28 values
// into 256 bins, 16 threads of the Xeon (docs/results/h100-2026-11-25-
// session10, run Y, three passes): 18.8, 18.1, 19.1 -> 15.3, 15.8, 15.6 ms;
// 2-core VM at 2^26 (ab.txt as above): one thread 20.0-21.5 -> 18.5-18.8 ms,
// two 10.3-10.4 -> 9.9-10.1 ms.
#if defined(KP_HISTOGRAM_CLAMP16)
inline void clamp_block16(const std::int32_t* x, std::int32_t top, std::uint32_t* bin) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i high = _mm_set1_epi16(static_cast<short>(top));
  for (int j = 0; j < kHistogramBlock; j += 8) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + j));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + j + 4));
    const __m128i c = _mm_min_epi16(_mm_max_epi16(_mm_packs_epi32(a, b), zero), high);
    _mm_store_si128(reinterpret_cast<__m128i*>(bin + j), _mm_unpacklo_epi16(c, zero));
    _mm_store_si128(reinterpret_cast<__m128i*>(bin + j + 4), _mm_unpackhi_epi16(c, zero));
  }
}
#endif

// bin[j] = x[j] clamped to [0, top], j < m.
template <class Value>
KOKKOS_INLINE_FUNCTION void clamp_bins(const Value* x, int m, Value top, std::uint32_t* bin) {
#if defined(KP_HISTOGRAM_CLAMP16)
  if constexpr (std::is_same_v<Value, std::int32_t>) {
    if (m == kHistogramBlock && top < (1 << 15)) return clamp_block16(x, top, bin);
  }
#endif
  for (int j = 0; j < m; ++j) {
    const Value low = x[j] < Value(0) ? Value(0) : x[j];
    bin[j] = static_cast<std::uint32_t>(low < top ? low : top);
  }
}

// Task t: values [t * task, (t + 1) * task) into a thread's rows.
template <class Values, class Row, int Depth>
struct CountTask {
  Values values;
  std::int64_t bins, stride, task;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t, Row* row) const {
    using Value = typename Values::non_const_value_type;
    constexpr int step = Depth < 2 ? 2 : Depth;  // bins a round of increments takes
    static_assert(kHistogramBlock % step == 0, "a full block is whole rounds");
    const std::int64_t n = values.extent(0);
    const std::int64_t begin = t * task;
    const std::int64_t end = n - begin > task ? begin + task : n;
    const Value* const x = values.data();
    const Value top = static_cast<Value>(bins - 1);
    alignas(64) std::uint32_t bin[kHistogramBlock];
    Row* sub[Depth];
    for (int k = 0; k < Depth; ++k) sub[k] = row + k * stride;
    constexpr std::int64_t ahead = kHistogramAhead / sizeof(Value);
    for (std::int64_t first = begin; first < end; first += kHistogramBlock) {
      const int m = static_cast<int>(end - first < kHistogramBlock ? end - first : kHistogramBlock);
      if (Depth > 1 && first + ahead + kHistogramBlock <= end) {
        prefetch_lines<kHistogramBlock>(x + first + ahead);
      }
      clamp_bins(x + first, m, top, bin);
      int j = 0;
      if (m == kHistogramBlock) {
        for (; j < m; j += step) {
          for (int k = 0; k < step; k += 2) {
            std::uint64_t two;  // bins j + k and j + k + 1, in either order
            std::memcpy(&two, bin + j + k, sizeof two);
            ++sub[k % Depth][static_cast<std::uint32_t>(two)];
            ++sub[(k + 1) % Depth][two >> 32];
          }
        }
      }
      for (; j < m; ++j) ++row[bin[j]];
    }
  }
};

// Cluster plans cost device queries: made once per (types, bins, instance).
template <class Value, class Count>
struct ClusterPlans {
  std::map<std::int64_t, ClusterPlan> by_bins;
};

template <class Value, class Count, class Space>
ClusterPlan cached_cluster_plan(const Space& space, std::int64_t bins) {
  const auto cache = workspace<ClusterPlans<Value, Count>>(
      space, [](const ClusterPlans<Value, Count>&) { return true; },
      [] { return ClusterPlans<Value, Count>{}; });
  auto found = cache->by_bins.find(bins);
  if (found == cache->by_bins.end()) {
    found = cache->by_bins.emplace(bins, cluster_plan<Value, Count>(space, bins)).first;
  }
  return found->second;
}

// The dispatch table (docs/API.md): host spaces count in private rows while
// they fit in a modest workspace; GPUs in team scratch while the bins fit
// in a team's shared memory, then in a thread-block cluster's (Hopper);
// global atomics otherwise.

template <class Space, class Value, class Count>
Algorithm histogram_algorithm(const Space& space, std::int64_t bins) {
  if (!is_gpu_space<Space>()) {
    const double bytes = double(space.concurrency()) *
                         histogram_depth(bins, sizeof(std::uint32_t)) * bins *
                         sizeof(std::uint32_t);
    return bytes <= kPrivateRowsBudget ? Algorithm::private_bins : Algorithm::global_atomics;
  }
  const std::size_t scratch = sizeof(Count) * static_cast<std::size_t>(bins);
  if (scratch <= static_cast<std::size_t>(Kokkos::TeamPolicy<Space>::scratch_size_max(0))) {
    return Algorithm::team_scratch;
  }
  return cached_cluster_plan<Value, Count>(space, bins).why.empty() ? Algorithm::cluster
                                                                    : Algorithm::global_atomics;
}

template <class Space, class Values, class Counts>
void histogram(const Space& space, const Values& values, const Counts& counts,
               Algorithm algorithm) {
  constexpr const char* call = "kp::histogram";
  check_view<Space, Values>();
  check_view<Space, Counts>();
  using Value = value_t<Values>;
  using Count = value_t<Counts>;
  static_assert(std::is_same_v<Value, std::int32_t> || std::is_same_v<Value, std::int64_t>,
                "kp::histogram: values are int32 or int64");
  static_assert(std::is_same_v<Count, std::uint32_t> || std::is_same_v<Count, std::uint64_t>,
                "kp::histogram: counts are uint32 or uint64");
  static_assert(std::is_same_v<typename Counts::value_type, Count>,
                "kp::histogram: counts must be writable");
  const std::int64_t n = values.extent(0);
  const std::int64_t bins = counts.extent(0);
  if (bins == 0) {
    if (n == 0) return;
    throw std::invalid_argument("kp::histogram: counts has no bins for " + std::to_string(n) +
                                " values");
  }
  if (algorithm == Algorithm::automatic)
    algorithm = histogram_algorithm<Space, Value, Count>(space, bins);
  const bool contiguous = is_contiguous(values);
  if (algorithm == Algorithm::private_bins && is_gpu_space<Space>()) {
    unsupported(call, algorithm, Space::name());  // per-thread rows: host spaces only
  }

  if constexpr (!is_gpu_space<Space>()) {
    if (algorithm == Algorithm::private_bins && contiguous) {
      const auto in = contiguous_in<Space>(values);
      with_row_type<Count>(n, [&](auto row_type) {
        using Row = decltype(row_type);
        with_depth(histogram_depth(bins, sizeof(Row)), [&](auto depth_constant) {
          constexpr int depth = decltype(depth_constant)::value;
          using Task = CountTask<decltype(in), Row, depth>;
          // 2-core VM, OpenMP, 2^26 values into 256 bins: 36.9 ms with uint32
          // rows of 256, 27.1 ms padded.
          const std::int64_t stride = row_stride<Row>(bins);
          const std::int64_t task = histogram_task(n, bins, space.concurrency());
          count_in_thread_rows<Row>(space, "kp::histogram::private-bins", (n + task - 1) / task,
                                    depth, stride, counts, Task{in, bins, stride, task});
        });
      });
      return;
    }
  }
  if (algorithm == Algorithm::team_scratch) {
    const std::size_t scratch = sizeof(Count) * static_cast<std::size_t>(bins);
    if (scratch > static_cast<std::size_t>(Kokkos::TeamPolicy<Space>::scratch_size_max(0))) {
      throw std::invalid_argument("kp::histogram: " + std::to_string(bins) +
                                  " bins do not fit in team scratch");
    }
    const Launch launch = whole_array_launch<Space>(space, n);
    Kokkos::deep_copy(space, counts, Count(0));
    Kokkos::parallel_for(
        "kp::histogram::team-scratch",
        Kokkos::TeamPolicy<Space>(space, launch.league, launch.team)
            .set_scratch_size(0, Kokkos::PerTeam(scratch)),
        TeamScratchCount<Space, Values, Counts>{values, counts, static_cast<int>(bins)});
    return;
  }
  if (algorithm == Algorithm::cluster) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
    if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
      const ClusterPlan plan = cached_cluster_plan<Value, Count>(space, bins);
      if (!plan.why.empty()) throw std::invalid_argument("kp::histogram (cluster): " + plan.why);
      if (contiguous && is_contiguous(counts)) {
        Kokkos::deep_copy(space, counts, Count(0));
        cluster_histogram(space, plan, values.data(), n, counts.data(), bins);
        return;
      }
      algorithm = Algorithm::global_atomics;  // strided: the generic path
    }
#endif
    if (algorithm == Algorithm::cluster) unsupported(call, algorithm, Space::name());
  }
  if (algorithm == Algorithm::global_atomics || algorithm == Algorithm::kokkos ||
      algorithm == Algorithm::private_bins) {
    Kokkos::deep_copy(space, counts, Count(0));
    Kokkos::parallel_for("kp::histogram::global-atomics", IndexRange<Space>(space, 0, n),
                         GlobalAtomicCount<Values, Counts>{values, counts, bins});
    return;
  }
  unsupported(call, algorithm, Space::name());
}

}  // namespace impl

template <class ExecSpace, class ValuesView, class CountsView>
void histogram(const ExecSpace& space, const ValuesView& values, const CountsView& counts,
               Algorithm algorithm = Algorithm::automatic) {
  impl::histogram(space, values, counts, algorithm);
}

}  // namespace kp
