#pragma once
// The implementation of kp::histogram (include/kp/histogram.hpp): the
// counting kernels of each algorithm and the dispatch table's choice.
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

#include <kp/impl/agent/private_rows.hpp>
#include <kp/impl/backend/cuda/cluster_histogram.hpp>
#include <kp/impl/core/algorithm.hpp>
#include <kp/impl/core/launch.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/tuning/histogram.hpp>

namespace kp::impl {

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
// memory: fast atomics), `batch` values a thread (HistogramTuning) loaded before
// it counts them, then adds its nonzero bins to the counts.
template <class Space, class Values, class Counts>
struct TeamScratchCount {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  using Count = typename Counts::non_const_value_type;
  using Value = typename Values::non_const_value_type;
  static constexpr int kBatch = tuning::Tuned<tuning::HistogramTuning, Space>::batch;
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
         i < n; i += kBatch * stride) {
      Value v[kBatch] = {};
      for (int k = 0; k < kBatch; ++k) {
        if (i + k * stride < n) v[k] = values(i + k * stride);
      }
      for (int k = 0; k < kBatch; ++k) {
        if (i + k * stride < n) atomic_count(&local[clamp_bin(v[k], bins)], Count(1));
      }
    }
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, bins), [&](int b) {
      if (local[b] != 0) atomic_count(&counts(b), local[b]);
    });
  }
};

// Host: tasks of histogram_task values, each counted into the rows of the
// thread that runs it (no atomics, no sharing; count_in_thread_rows hands
// the tasks out as threads come free), then every bin sums the rows (32-bit
// counts below 2^32 values: with_row_type). A task goes by blocks of
// HostHistogramTuning::block values: first the block's bins, clamped in SIMD lanes
// into a small buffer, then one increment each (in one loop the clamp does
// not vectorize, and a count stored may be the next value loaded). The
// increments read the buffer two bins at a time (one 64-bit load for two);
// while the bins fit HostHistogramTuning::deep_bytes they go to 4 interleaved
// sub-histograms, so that runs of one bin do not wait on their own stores.
// Values a task: HostHistogramTuning::task, halved while a thread would get fewer than 4.
constexpr std::int64_t histogram_task(std::int64_t n, std::int64_t bins, std::int64_t threads) {
  std::int64_t task = HostHistogramTuning::task;
  if (threads < 2) return task;
  const std::int64_t least =
      HostHistogramTuning::min_task > 4 * bins ? HostHistogramTuning::min_task : 4 * bins;
  while (task / 2 >= least && n < 4 * threads * task) task /= 2;
  return task;
}
// Four sub-histograms while they fit HostHistogramTuning::deep_bytes, else one.

inline int histogram_depth(std::int64_t bins, std::size_t row_size) {
  return 4 * bins * static_cast<std::int64_t>(row_size) <= HostHistogramTuning::deep_bytes ? 4 : 1;
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
// SSE4.1, which a -march=native build uses instead) take 16.
#if defined(KP_HISTOGRAM_CLAMP16)
inline void clamp_block16(const std::int32_t* x, std::int32_t top, std::uint32_t* bin) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i high = _mm_set1_epi16(static_cast<short>(top));
  for (int j = 0; j < HostHistogramTuning::block; j += 8) {
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
    if (m == HostHistogramTuning::block && top < (1 << 15)) return clamp_block16(x, top, bin);
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
    static_assert(HostHistogramTuning::block % step == 0, "a full block is whole rounds");
    const std::int64_t n = values.extent(0);
    const std::int64_t begin = t * task;
    const std::int64_t end = n - begin > task ? begin + task : n;
    const Value* const x = values.data();
    const Value top = static_cast<Value>(bins - 1);
    alignas(64) std::uint32_t bin[HostHistogramTuning::block];
    Row* sub[Depth];
    for (int k = 0; k < Depth; ++k) sub[k] = row + k * stride;
    constexpr std::int64_t ahead = HostHistogramTuning::ahead / sizeof(Value);
    for (std::int64_t first = begin; first < end; first += HostHistogramTuning::block) {
      const int m = static_cast<int>(
          end - first < HostHistogramTuning::block ? end - first : HostHistogramTuning::block);
      if (Depth > 1 && first + ahead + HostHistogramTuning::block <= end) {
        prefetch_lines<HostHistogramTuning::block>(x + first + ahead);
      }
      clamp_bins(x + first, m, top, bin);
      int j = 0;
      if (m == HostHistogramTuning::block) {
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

// Whether `bins` counts of type Count fit in one team's scratch.
template <class Space, class Count>
bool fits_team_scratch(std::int64_t bins) {
  const std::size_t scratch = sizeof(Count) * static_cast<std::size_t>(bins);
  return scratch <= static_cast<std::size_t>(Kokkos::TeamPolicy<Space>::scratch_size_max(0));
}

// The dispatch table's choice (docs/API.md): host spaces count in private
// rows while they fit in a modest workspace; GPUs in team scratch while the
// bins fit in a team's shared memory, then in a thread-block cluster's
// (Hopper); global atomics otherwise.
template <class Space, class Value, class Count>
Algorithm histogram_algorithm(const Space& space, std::int64_t bins) {
  if (!is_gpu_space<Space>()) {
    const double bytes = double(space.concurrency()) *
                         histogram_depth(bins, sizeof(std::uint32_t)) * bins *
                         sizeof(std::uint32_t);
    return bytes <= kPrivateRowsBudget ? Algorithm::private_bins : Algorithm::global_atomics;
  }
  if (fits_team_scratch<Space, Count>(bins)) return Algorithm::team_scratch;
  return cached_cluster_plan<Value, Count>(space, bins).why.empty() ? Algorithm::cluster
                                                                    : Algorithm::global_atomics;
}

// The algorithms, one function each; the dispatch below picks one.

template <class Space, class Values, class Counts>
void count_global_atomics(const Space& space, const Values& values, const Counts& counts) {
  using Count = value_t<Counts>;
  const std::int64_t n = values.extent(0);
  const std::int64_t bins = counts.extent(0);
  Kokkos::deep_copy(space, counts, Count(0));
  Kokkos::parallel_for("kp::histogram::global-atomics", IndexRange<Space>(space, 0, n),
                       GlobalAtomicCount<Values, Counts>{values, counts, bins});
}

template <class Space, class Values, class Counts>
void count_team_scratch(const Space& space, const Values& values, const Counts& counts) {
  using Count = value_t<Counts>;
  const std::int64_t bins = counts.extent(0);
  if (!fits_team_scratch<Space, Count>(bins)) {
    throw std::invalid_argument("kp::histogram: " + std::to_string(bins) +
                                " bins do not fit in team scratch");
  }
  const std::int64_t n = values.extent(0);
  // A team for each `batch` values a thread, up to one wave.
  constexpr int batch = tuning::Tuned<tuning::HistogramTuning, Space>::batch;
  const Launch launch = whole_array_launch<Space>(space, (n + batch - 1) / batch);
  Kokkos::deep_copy(space, counts, Count(0));
  Kokkos::parallel_for(
      "kp::histogram::team-scratch",
      Kokkos::TeamPolicy<Space>(space, launch.league, launch.team)
          .set_scratch_size(0, Kokkos::PerTeam(sizeof(Count) * static_cast<std::size_t>(bins))),
      TeamScratchCount<Space, Values, Counts>{values, counts, static_cast<int>(bins)});
}

// Host spaces only; strided values take the global atomics.
template <class Space, class Values, class Counts>
void count_private_bins(const Space& space, const Values& values, const Counts& counts) {
  static_assert(!is_gpu_space<Space>(), "kp::histogram: private bins are per host thread");
  if (!is_contiguous(values)) return count_global_atomics(space, values, counts);
  using Count = value_t<Counts>;
  const std::int64_t n = values.extent(0);
  const std::int64_t bins = counts.extent(0);
  const auto in = contiguous_in<Space>(values);
  with_row_type<Count>(n, [&](auto row_type) {
    using Row = decltype(row_type);
    with_depth(histogram_depth(bins, sizeof(Row)), [&](auto depth_constant) {
      constexpr int depth = decltype(depth_constant)::value;
      using Task = CountTask<decltype(in), Row, depth>;
      // Rows a cache line longer (row_stride): 4 KiB multiples collide in cache.
      const std::int64_t stride = row_stride<Row>(bins);
      const std::int64_t task = histogram_task(n, bins, space.concurrency());
      count_in_thread_rows<Row>(space, "kp::histogram::private-bins", (n + task - 1) / task, depth,
                                stride, counts, Task{in, bins, stride, task});
    });
  });
}

// Thread-block clusters (Hopper): spaces with kClusterHistogram
// (backend/cuda/cluster_histogram.hpp). Strided values or counts take the
// global atomics.
template <class Space, class Values, class Counts>
void count_cluster(const Space& space, const Values& values, const Counts& counts) {
  using Count = value_t<Counts>;
  const std::int64_t bins = counts.extent(0);
  const std::int64_t n = values.extent(0);
  const ClusterPlan plan = cached_cluster_plan<value_t<Values>, Count>(space, bins);
  if (!plan.why.empty()) throw std::invalid_argument("kp::histogram (cluster): " + plan.why);
  if (!is_contiguous(values) || !is_contiguous(counts)) {
    return count_global_atomics(space, values, counts);
  }
  Kokkos::deep_copy(space, counts, Count(0));
  cluster_histogram(space, plan, values.data(), n, counts.data(), bins);
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
  if (n == 0) {  // no values: zero counts, before the algorithm is looked at
    Kokkos::deep_copy(space, counts, Count(0));
    return;
  }
  if (algorithm == Algorithm::automatic) {
    algorithm = histogram_algorithm<Space, Value, Count>(space, bins);
  }
  // The dispatch: each algorithm the call has, on host spaces and on GPUs,
  // to the function that runs it; what the space cannot run is refused.
  constexpr bool host = !is_gpu_space<Space>();
  constexpr bool clusters = kClusterHistogram<Space>;
  switch (algorithm) {
    case Algorithm::kokkos:  // the Kokkos pattern: global atomics
    case Algorithm::global_atomics:
      return count_global_atomics(space, values, counts);
    case Algorithm::team_scratch:
      return count_team_scratch(space, values, counts);
    case Algorithm::private_bins:
      if constexpr (host) return count_private_bins(space, values, counts);
      break;
    case Algorithm::cluster:
      if constexpr (clusters) return count_cluster(space, values, counts);
      break;
    default:
      break;
  }
  unsupported(call, algorithm, Space::name());
}

}  // namespace kp::impl
