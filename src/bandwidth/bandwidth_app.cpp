#include "bandwidth/bandwidth_app.hpp"

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <type_traits>

#include "harness/cli.hpp"

namespace bench::bandwidth {

// The shapes of the library's kernels that the streams read as (its
// tuning/reduce.hpp and tuning/sample.hpp), so that each ceiling is measured
// the way the kernel read against it reads.
inline constexpr std::int64_t kHostAheadBytes = 4096;  // host reductions' prefetch distance
inline constexpr int kStreamTeam = 256;                // GPU reduce: threads a team
inline constexpr int kStreamTeamsPerSM = 4;            // GPU reduce, 16-byte values: teams an SM
inline constexpr std::int64_t kGatherBatch = 8;        // draws' items a thread (kp::sample)

// Asks for the cache lines of p[0, kCount) ahead of their use, on host
// compilers with GNU builtins (a hint: never faults; nothing elsewhere).
template <int kCount, class T>
KOKKOS_FORCEINLINE_FUNCTION void prefetch_lines([[maybe_unused]] const T* p) {
#if defined(__GNUC__) && !defined(__CUDA_ARCH__)
  constexpr int kLine = 64;
  constexpr int kPerLine = sizeof(T) < kLine ? kLine / sizeof(T) : 1;
  for (int l = 0; l < kCount; l += kPerLine) __builtin_prefetch(p + l, 0, 3);
#endif
}

// The element loops: the host streams (their compilers vectorize them), and
// the GPU's for views not 16-byte aligned (the packed streams below).
template <class Space>
struct Copy {
  View<const double*, Space> a;
  View<double*, Space> b;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const { b(i) = a(i); }
};

template <class Space>
struct Triad {
  View<double*, Space> a;
  View<const double*, Space> b, c;
  double scalar;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const { a(i) = b(i) + scalar * c(i); }
};

// The read-only stream: a sum of the array, kChunk elements per call in 8
// lanes and a fixed pairwise fold (independent adds the compiler vectorizes
// without reassociating anything), so that one core is limited by loads, not
// by the latency of one long chain of dependent adds nor by the per-call cost
// of the dispatch (16 elements per call read 9.7 GB/s on one core of the
// 2-core build machine, less than the library's float reduce). On hosts it
// reads as the library's host reductions do, so that the ceiling is not
// slower than the kernels measured against it: handed out 256 KiB at a time
// to threads as they come free (vCPUs run at unequal speeds), and
// prefetched 4 KiB ahead (kHostAheadBytes; one thread reads faster so,
// docs/PERFORMANCE.md).
template <class Space>
struct ReadSum {
  static constexpr bool kHost = !is_gpu_space<Space>();
  static constexpr std::int64_t kChunk = 64;
  static constexpr int kChunksAGrab = 512;  // host: chunks a thread takes at a time
  static constexpr int kLanes = 8;
  static constexpr std::int64_t kAhead = kHostAheadBytes / sizeof(double);
  View<const double*, Space> a;
  // The chunks [0, chunks): handed out kChunksAGrab at a time on hosts,
  // split evenly on GPUs (unaligned views only: PackedRead otherwise).
  static auto policy(std::int64_t chunks) {
    if constexpr (kHost) {
      return Kokkos::RangePolicy<Space, Kokkos::Schedule<Kokkos::Dynamic>>(0, chunks)
          .set_chunk_size(kChunksAGrab);
    } else {
      return Kokkos::RangePolicy<Space>(0, chunks);
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t chunk, double& sum) const {
    const std::int64_t first = chunk * kChunk;
    const std::int64_t n = a.extent(0);
    if (first + kAhead + kChunk <= n) prefetch_lines<kChunk>(&a(first + kAhead));
    if (first + kChunk <= n) {
      double lanes[kLanes];
      for (int j = 0; j < kLanes; ++j) lanes[j] = a(first + j);
      for (int k = 1; k < kChunk / kLanes; ++k) {
        for (int j = 0; j < kLanes; ++j) lanes[j] += a(first + k * kLanes + j);
      }
      for (int j = 0; j < kLanes / 2; ++j) lanes[j] += lanes[j + kLanes / 2];
      sum += (lanes[0] + lanes[2]) + (lanes[1] + lanes[3]);
    } else {
      for (std::int64_t i = first; i < n; ++i) sum += a(i);
    }
  }
};

// GPU streams. Kokkos 3.4 gives an element-a-thread RangePolicy loop blocks
// of 64 threads (the smallest block at full occupancy), so 2^27 elements are
// 2^21 blocks, whose launches bound it rather than the memory (copy and
// triad took the same time on an H100 and an H200; docs/PERFORMANCE.md).
// Here one wave of resident teams (as the library's reduce of 16-byte
// values: 4 teams of 256 threads an SM) grid-strides over 16-byte packs,
// each thread issuing kStreamUnroll pack loads before it uses any: 64 KiB an
// SM in flight.
inline constexpr int kStreamUnroll = 4;
// Two doubles, one 16-byte load or store.
struct alignas(16) Pack2 {
  static constexpr int width = 2;
  double lane[width];
};
template <class Space>
using StreamPolicy =
    Kokkos::TeamPolicy<Space, Kokkos::LaunchBounds<kStreamTeam, kStreamTeamsPerSM>>;

// One wave: kStreamTeamsPerSM teams an SM on CUDA, a team a thread on hosts.
template <class Space>
StreamPolicy<Space> stream_policy(const Space& space) {
  std::int64_t teams = std::max(1, space.concurrency());
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    teams = std::int64_t{space.cuda_device_prop().multiProcessorCount} * kStreamTeamsPerSM;
  }
#endif
  return StreamPolicy<Space>(space, static_cast<int>(teams), kStreamTeam);
}

template <class Space>
struct PackedCopy {
  using Member = typename StreamPolicy<Space>::member_type;
  const double* a;
  double* b;
  std::int64_t n;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int64_t threads = std::int64_t{team.league_size()} * team.team_size();
    const std::int64_t t = std::int64_t{team.league_rank()} * team.team_size() + team.team_rank();
    const auto* in = reinterpret_cast<const Pack2*>(a);
    auto* out = reinterpret_cast<Pack2*>(b);
    const std::int64_t packs = n / 2;
    for (std::int64_t p = t; p < packs; p += kStreamUnroll * threads) {
      Pack2 v[kStreamUnroll] = {};
      for (int k = 0; k < kStreamUnroll; ++k) {
        if (p + k * threads < packs) v[k] = in[p + k * threads];
      }
      for (int k = 0; k < kStreamUnroll; ++k) {
        if (p + k * threads < packs) out[p + k * threads] = v[k];
      }
    }
    if (t == 0 && n % 2 != 0) b[n - 1] = a[n - 1];
  }
};

template <class Space>
struct PackedTriad {
  using Member = typename StreamPolicy<Space>::member_type;
  double* a;
  const double* b;
  const double* c;
  double scalar;
  std::int64_t n;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int64_t threads = std::int64_t{team.league_size()} * team.team_size();
    const std::int64_t t = std::int64_t{team.league_rank()} * team.team_size() + team.team_rank();
    const auto* pb = reinterpret_cast<const Pack2*>(b);
    const auto* pc = reinterpret_cast<const Pack2*>(c);
    auto* pa = reinterpret_cast<Pack2*>(a);
    const std::int64_t packs = n / 2;
    for (std::int64_t p = t; p < packs; p += kStreamUnroll * threads) {
      Pack2 vb[kStreamUnroll] = {}, vc[kStreamUnroll] = {};
      for (int k = 0; k < kStreamUnroll; ++k) {
        if (p + k * threads < packs) {
          vb[k] = pb[p + k * threads];
          vc[k] = pc[p + k * threads];
        }
      }
      for (int k = 0; k < kStreamUnroll; ++k) {
        Pack2 r;
        for (int j = 0; j < Pack2::width; ++j) r.lane[j] = vb[k].lane[j] + scalar * vc[k].lane[j];
        if (p + k * threads < packs) pa[p + k * threads] = r;
      }
    }
    if (t == 0 && n % 2 != 0) a[n - 1] = b[n - 1] + scalar * c[n - 1];
  }
};

// The read: each thread sums its packs in kStreamUnroll independent
// accumulators, then Kokkos joins the threads and the teams.
template <class Space>
struct PackedRead {
  using Member = typename StreamPolicy<Space>::member_type;
  const double* a;
  std::int64_t n;
  KOKKOS_INLINE_FUNCTION double thread_sum(std::int64_t t, std::int64_t threads) const {
    const auto* in = reinterpret_cast<const Pack2*>(a);
    const std::int64_t packs = n / 2;
    double lanes[kStreamUnroll] = {};
    for (std::int64_t p = t; p < packs; p += kStreamUnroll * threads) {
      Pack2 v[kStreamUnroll] = {};
      for (int k = 0; k < kStreamUnroll; ++k) {
        if (p + k * threads < packs) v[k] = in[p + k * threads];
      }
      for (int k = 0; k < kStreamUnroll; ++k) lanes[k] += v[k].lane[0] + v[k].lane[1];
    }
    if (t == 0 && n % 2 != 0) lanes[0] += a[n - 1];
    return (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
  }
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team, double& sum) const {
    const std::int64_t threads = std::int64_t{team.league_size()} * team.team_size();
    const std::int64_t first = std::int64_t{team.league_rank()} * team.team_size();
    double team_sum = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, team.team_size()),
        [&](int r, double& s) { s += thread_sum(first + r, threads); }, team_sum);
    Kokkos::single(Kokkos::PerTeam(team), [&] { sum += team_sum; });
  }
};
static_assert(kStreamUnroll == 4, "PackedRead::thread_sum folds four accumulators");

// Random reads: element i reads b at a hash of i (one 8-byte load from
// anywhere in the array, which on a GPU moves a 32-byte DRAM sector) and
// writes it to a(i). The ceiling of calls that read one random entry an
// item, such as kp::sample's draws as indices from an alias table, and
// shaped as that kernel is (batches of kGatherBatch items, a thread a
// batch, every load of a batch issued before its first store), and laid
// out so that the stores coalesce: batch b's lane b % 32 takes the items
// l, l + 32, ..., l + 32 (kGatherBatch - 1) of its group of 32 batches.
struct GatherBatches {
  static constexpr std::int64_t kLanes = 32;
  // Batches covering n items: whole groups of 32.
  static std::int64_t count(std::int64_t n) {
    constexpr std::int64_t group = kLanes * kGatherBatch;
    return (n + group - 1) / group * kLanes;
  }
  // The first item of batch b; its k-th is first(b) + kLanes * k.
  KOKKOS_INLINE_FUNCTION static std::int64_t first(std::int64_t batch) {
    return batch / kLanes * kLanes * kGatherBatch + batch % kLanes;
  }
};
// The index is a hash's high 32 bits scaled to [0, n) by a product, not a
// remainder: a 64-bit division is a long software sequence on GPUs.
KOKKOS_INLINE_FUNCTION std::int64_t gather_index(std::int64_t i, std::int64_t n) {
  std::uint64_t h = static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ull;
  h ^= h >> 29;
  const auto un = static_cast<std::uint64_t>(n);
  if (un <= (std::uint64_t{1} << 32)) return static_cast<std::int64_t>(((h >> 32) * un) >> 32);
  return static_cast<std::int64_t>(h % un);
}

template <class Space>
struct Gather {
  static constexpr std::int64_t kLanes = GatherBatches::kLanes;
  static constexpr int kBatch = static_cast<int>(kGatherBatch);
  View<double*, Space> a;
  View<const double*, Space> b;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t batch) const {
    const auto n = static_cast<std::int64_t>(a.extent(0));
    const std::int64_t first = GatherBatches::first(batch);
    double v[kBatch] = {};
    for (int k = 0; k < kBatch; ++k) {
      if (first + kLanes * k < n) v[k] = b(gather_index(first + kLanes * k, n));
    }
    for (int k = 0; k < kBatch; ++k) {
      if (first + kLanes * k < n) a(first + kLanes * k) = v[k];
    }
  }
};

template <class Space>
struct Fill {
  View<double*, Space> a, b, c;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    a(i) = 0;
    b(i) = static_cast<double>(i % 1000);
    c(i) = static_cast<double>(i % 7);
  }
};

namespace {
// Every element is checked: the kernels are trivial, a wrong index is not.
template <class View, class Expected>
Check check_all(const View& out, Expected expected) {
  const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  for (std::size_t i = 0; i < host.extent(0); ++i) {
    if (host(i) != expected(i)) {
      std::ostringstream detail;
      detail << "element " << i << " is " << host(i) << ", expected " << expected(i);
      return {false, detail.str()};
    }
  }
  return {true, "all " + std::to_string(host.extent(0)) + " elements exact"};
}
}  // namespace

template <class Space>
SpaceCase BandwidthApp::make_case(const CommonOptions&) {
  // Under MPI each rank streams its slice and checks it: nothing to combine.
  const std::int64_t n = my_slice(static_cast<std::int64_t>(size_)).count;
  View<double*, Space> a("bandwidth a", n), b("bandwidth b", n), c("bandwidth c", n);
  Kokkos::parallel_for("bandwidth::fill", Kokkos::RangePolicy<Space>(0, n), Fill<Space>{a, b, c});
  constexpr double kScalar = 3.0;
  SpaceCase space_case;
  space_case.combine = [] {};
  space_case.items_per_run = static_cast<double>(n);
  const double array_bytes = 8.0 * static_cast<double>(n);
  const auto poison = [a] { Kokkos::deep_copy(a, -1.0); };
  // GPUs stream 16-byte packs (Kokkos' allocations are aligned, and the
  // check is kept for views that are not); hosts keep the element loops,
  // which their compilers vectorize.
  const auto aligned = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; };
  const bool packed =
      is_gpu_space<Space>() && aligned(a.data()) && aligned(b.data()) && aligned(c.data());
  space_case.variants.push_back(
      {"copy",
       [=] {
         if (packed) {
           Kokkos::parallel_for("bandwidth::copy", stream_policy(Space()),
                                PackedCopy<Space>{b.data(), a.data(), n});
         } else {
           Kokkos::parallel_for("bandwidth::copy", Kokkos::RangePolicy<Space>(0, n),
                                Copy<Space>{b, a});
         }
       },
       [=] { return check_all(a, [](std::size_t i) { return static_cast<double>(i % 1000); }); },
       poison, 2 * array_bytes});
  // Kokkos::deep_copy is memcpy on the host and cudaMemcpy on the GPU: the
  // vendor's copy, the ceiling the other variants are read against.
  space_case.variants.push_back(
      {"deep-copy", [=] { Kokkos::deep_copy(Space(), a, b); },
       [=] { return check_all(a, [](std::size_t i) { return static_cast<double>(i % 1000); }); },
       poison, 2 * array_bytes});
  space_case.variants.push_back(
      {"triad",
       [=] {
         if (packed) {
           Kokkos::parallel_for("bandwidth::triad", stream_policy(Space()),
                                PackedTriad<Space>{a.data(), b.data(), c.data(), kScalar, n});
         } else {
           Kokkos::parallel_for("bandwidth::triad", Kokkos::RangePolicy<Space>(0, n),
                                Triad<Space>{a, b, c, kScalar});
         }
       },
       [=] {
         return check_all(a, [](std::size_t i) {
           return static_cast<double>(i % 1000) + kScalar * static_cast<double>(i % 7);
         });
       },
       poison, 3 * array_bytes});
  // Reads b once (the read-only apps' ceiling: reduce, minloc). Its elements
  // are i % 1000, so every partial sum is an integer below 2^53: exact in any order.
  const View<double, Space> sum("bandwidth sum");
  const std::int64_t chunks = (n + ReadSum<Space>::kChunk - 1) / ReadSum<Space>::kChunk;
  space_case.variants.push_back(
      {"read",
       [=] {
         if (packed) {
           Kokkos::parallel_reduce("bandwidth::read", stream_policy(Space()),
                                   PackedRead<Space>{b.data(), n}, sum);
         } else {
           Kokkos::parallel_reduce("bandwidth::read", ReadSum<Space>::policy(chunks),
                                   ReadSum<Space>{b}, sum);
         }
       },
       [=] {
         double got = 0;
         Kokkos::deep_copy(got, sum);
         const std::int64_t rest = n % 1000;
         const double expected = double(n / 1000) * 499500.0 + double(rest * (rest - 1) / 2);
         std::ostringstream detail;
         detail << "sum " << got << ", expected " << expected;
         return Check{got == expected, detail.str()};
       },
       [=] { Kokkos::deep_copy(sum, -1.0); }, array_bytes});
  // GB/s of the random reads count a 32-byte sector a read and the write.
  space_case.variants.push_back(
      {"gather",
       [=] {
         Kokkos::parallel_for("bandwidth::gather",
                              Kokkos::RangePolicy<Space>(0, GatherBatches::count(n)),
                              Gather<Space>{a, b});
       },
       [=] {
         return check_all(a, [n](std::size_t i) {
           return static_cast<double>(gather_index(static_cast<std::int64_t>(i), n) % 1000);
         });
       },
       poison, (32.0 + 8.0) * static_cast<double>(n)});
  // The bandwidth rows are the ceilings the other applications are read against.
  set_kind(space_case, {"copy", "deep-copy", "triad", "read", "gather"}, "ceiling");
  // Each stream is its own computation; deep-copy is a copy by Kokkos' call.
  for (Variant& variant : space_case.variants) {
    variant.form = variant.name == "deep-copy" ? "copy" : variant.name;
  }
  return space_case;
}

#define KP_BANDWIDTH_INSTANTIATE(Space) \
  template SpaceCase BandwidthApp::make_case<Space>(const CommonOptions&);
KP_FOR_EACH_SPACE(KP_BANDWIDTH_INSTANTIATE)

}  // namespace bench::bandwidth
