// The scan app's other scan forms (forms.hpp), beside what a user would
// write instead: a max-scan (kp::inclusive_scan / exclusive_scan
// with kp::maximum; CUB's DeviceScan with an operator; std::inclusive_scan
// with an operator), stream compaction of the positive values
// (kp::copy_if; CUB's DeviceSelect::If; std::copy_if; --select sets their
// share), the sum scan of the negated values (kp::transform_*_scan), the sums of
// segments of --segment values, or of that mean length with
// --segment-lengths powerlaw (kp::segmented_reduce; CUB's
// DeviceSegmentedReduce::Sum; a loop of std::accumulate, over OpenMP's
// threads on OpenMP). Each is checked against its own sequential answer,
// recomputed on the host from the input (the app's sums are exact in T, so
// in any order).
#include "scan/forms.hpp"

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <execution>
#include <limits>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <kp/copy_if.hpp>
#include <kp/ops.hpp>
#include <kp/scan.hpp>
#include <kp/segmented.hpp>
#include <kp/transform.hpp>

#include "harness/variants.hpp"
#include "scan/cub_call.hpp"
#include "scan/input.hpp"
#if defined(KOKKOS_ENABLE_CUDA)
#include <cub/cub.cuh>
#endif

namespace bench::scan {

template <class T>
struct Positive {
  KOKKOS_INLINE_FUNCTION bool operator()(const T& x) const { return x > T(0); }
};

// The transform rows' functor: negation is exact, so the transformed sums
// are the negated reference.
template <class T>
struct Negate {
  KOKKOS_INLINE_FUNCTION T operator()(const T& x) const { return -x; }
};

// Adds the max-scan, copy_if and transform-scan rows to `c` for the input
// `in` (of input.values), writing to `out` (n values).
template <class Space, class T>
void add_other_forms(SpaceCase& c, const Input<T>& input, const View<const T*, Space>& in,
                     const View<T*, Space>& out) {
  const std::int64_t n = in.extent(0);
  const bool inclusive = input.kind == Kind::inclusive;
  const T lowest = std::numeric_limits<T>::lowest();
  const kp::maximum<T> max;
  const T* values = input.values.data();
  const auto to_host = [out] {
    return Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  };
  // The sequential answers, recomputed from the input at each check rather
  // than kept: two more arrays per space would double the app's footprint.
  const auto check_max = [values, n, inclusive, lowest, max, to_host]() -> Check {
    const auto got = to_host();
    T run = lowest;
    for (std::int64_t i = 0; i < n; ++i) {
      const T before = run;
      run = i == 0 && inclusive ? values[0] : max(run, values[i]);
      if (!(got(i) == (inclusive ? run : before))) {
        return {false, "first difference at " + std::to_string(i)};
      }
    }
    return {true, "all " + std::to_string(n) + " exact"};
  };
  std::int64_t positives = 0;
  for (std::int64_t i = 0; i < n; ++i) positives += Positive<T>()(values[i]) ? 1 : 0;
  auto selected = std::make_shared<std::int64_t>(0);  // what the last copy_if run returned
  const auto check_kept = [values, n, positives, to_host, selected]() -> Check {
    if (*selected != positives) {
      return {false,
              "count " + std::to_string(*selected) + ", expected " + std::to_string(positives)};
    }
    const auto got = to_host();
    std::int64_t k = 0;
    for (std::int64_t i = 0; i < n; ++i) {
      if (!Positive<T>()(values[i])) continue;
      if (!(got(k) == values[i])) return {false, "first difference at " + std::to_string(k)};
      ++k;
    }
    return {true, "all " + std::to_string(positives) + " exact"};
  };
  // A row not yet run reports no count, so that its check fails even where
  // nothing is selected. A max-scan's poison is the largest value, not the
  // usual (an integer type's lowest, what an exclusive max-scan starts with).
  const auto poison = [out, selected] {
    Kokkos::deep_copy(out, poison_value<T>());
    *selected = -1;
  };
  const auto poison_max = [out] {
    Kokkos::deep_copy(
        out, std::is_floating_point_v<T> ? poison_value<T>() : std::numeric_limits<T>::max());
  };
  // Compulsory traffic: a scan reads and writes n values, compaction reads
  // n and writes those kept.
  const double scan_bytes = 2.0 * double(n) * sizeof(T);
  const double kept_bytes = double(n + positives) * sizeof(T);
  const auto add = [&](const char* name, std::function<void()> f, bool compaction,
                       const char* kind) {
    c.variants.push_back(
        {name, std::move(f),
         compaction ? std::function<Check()>(check_kept) : std::function<Check()>(check_max),
         compaction ? std::function<void()>(poison) : std::function<void()>(poison_max)});
    c.variants.back().bytes_per_run = compaction ? kept_bytes : scan_bytes;
    c.variants.back().kind = kind;
    c.variants.back().form = compaction ? "copy-if" : "max";
  };

  add(
      "kp-max",
      [=] {
        if (inclusive) {
          kp::inclusive_scan(Space(), in, out, max);
        } else {
          kp::exclusive_scan(Space(), in, out, lowest, max);
        }
      },
      false, "ours");
  add(
      "kp-copy-if", [=] { *selected = kp::copy_if(Space(), in, out, Positive<T>()); }, true,
      "ours");
  // The sum scan of -x, negated on load: against the kp row (the same scan of
  // a materialised input), it costs what the transform costs.
  const Input<T>* const sums = &input;
  c.variants.push_back(
      {"kp-transform",
       [=] {
         if (inclusive) {
           kp::transform_inclusive_scan(Space(), in, out, kp::plus<T>(), Negate<T>());
         } else {
           kp::transform_exclusive_scan(Space(), in, out, T(0), kp::plus<T>(), Negate<T>());
         }
       },
       [sums, n, to_host]() -> Check {
         const auto got = to_host();
         for (std::int64_t i = 0; i < n; ++i) {
           if (!(got(i) == -sums->reference(i))) {
             return {false, "first difference at " + std::to_string(i)};
           }
         }
         return {true, "all " + std::to_string(n) + " exact"};
       },
       [out] { Kokkos::deep_copy(out, poison_value<T>()); }});
  c.variants.back().bytes_per_run = scan_bytes;
  c.variants.back().kind = "ours";
  c.variants.back().form = "transform";
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    const cudaStream_t stream = Kokkos::Cuda().cuda_stream();
    const int items = static_cast<int>(n);
    const T* const d_in = in.data();
    T* const d_out = out.data();
    const CubCall max_scan_call([=](void* temp, std::size_t& bytes) {
      return inclusive
                 ? cub::DeviceScan::InclusiveScan(temp, bytes, d_in, d_out, max, items, stream)
                 : cub::DeviceScan::ExclusiveScan(temp, bytes, d_in, d_out, max, lowest, items,
                                                  stream);
    });
    add(
        "cub-max", [=] { max_scan_call.run(); }, false, "baseline");
    const View<int, Kokkos::Cuda> count("cub selected");
    int* const d_count = count.data();
    const CubCall select_call([=](void* temp, std::size_t& bytes) {
      return cub::DeviceSelect::If(temp, bytes, d_in, d_out, d_count, items, Positive<T>(), stream);
    });
    add(
        "cub-select-if",
        [=] {
          select_call.run();
          int host = 0;
          Kokkos::deep_copy(Kokkos::View<int, Kokkos::HostSpace>(&host), count);
          *selected = host;
        },
        true, "baseline");
  }
#endif
  // What a C++ programmer writes on the host: the standard library, one
  // thread on Serial, par (TBB's threads) beside OpenMP. Its max-scan only
  // on Serial: libstdc++ 12's parallel inclusive_scan with an operator gave
  // wrong prefixes with TBB (par and par_unseq, with and without init).
  if constexpr (!is_gpu_space<Space>()) {
    [[maybe_unused]] constexpr bool kParallel =
#if defined(KOKKOS_ENABLE_OPENMP) && defined(KP_HAVE_STD_PAR)
        std::is_same_v<Space, Kokkos::OpenMP>;
#else
        false;
#endif
    const auto with_policy = [](auto&& f) {
#if defined(KP_HAVE_STD_PAR)
      if constexpr (kParallel) {
        start_tbb_on_openmp_cpus();
        return f(std::execution::par);
      }
#endif
      return f(std::execution::seq);
    };
    const T* const first = in.data();
    T* const result = out.data();
    if constexpr (!kParallel) {
      add(
          "std-max",
          [=] {
            if (inclusive) {
              std::inclusive_scan(first, first + n, result, max);
            } else {
              std::exclusive_scan(first, first + n, result, lowest, max);
            }
          },
          false, "baseline");
    }
    add(
        "std-copy-if",
        [=] {
          *selected = with_policy([&](auto policy) {
            return std::copy_if(policy, first, first + n, result, Positive<T>()) - result;
          });
        },
        true, "baseline");
  }
}

// The segmented rows' CSR offsets over n values: segments of `mean` values
// (the last shorter), or, with `powerlaw`, n / mean segments (at least one)
// whose lengths are proportional to u^(-1/1.5) for u uniform in (0, 1]
// (a Pareto law of index 1.5: finite mean, unbounded variance), drawn from
// a fixed seed, rounded so that they cover the n values.
std::vector<std::int64_t> segment_offsets(std::int64_t n, std::int64_t mean, bool powerlaw) {
  if (!powerlaw) {
    std::vector<std::int64_t> offsets;
    for (std::int64_t at = 0; at < n; at += mean) offsets.push_back(at);
    offsets.push_back(n);
    return offsets;
  }
  const std::int64_t segments = std::max<std::int64_t>(1, n / mean);
  std::vector<double> weight(segments);
  std::uint64_t state = 2026;
  for (double& w : weight) {
    state = splitmix64(state);
    const double u = (static_cast<double>(state >> 11) + 1.0) * 0x1p-53;  // (0, 1]
    w = std::pow(u, -1.0 / 1.5);
  }
  const double total = std::accumulate(weight.begin(), weight.end(), 0.0);
  std::vector<std::int64_t> offsets(segments + 1, 0);
  double before = 0;
  for (std::int64_t s = 0; s < segments; ++s) {
    before += weight[s];
    offsets[s + 1] = std::min(n, static_cast<std::int64_t>(std::llround(before / total * n)));
  }
  offsets[segments] = n;
  return offsets;
}

// Runs one(s) for each of `segments` segments, spread over OpenMP's threads
// on OpenMP (what a C++ programmer writes on the host).
template <class Space, class One>
void each_segment(std::int64_t segments, const One& one) {
#if defined(KOKKOS_ENABLE_OPENMP)
  if constexpr (std::is_same_v<Space, Kokkos::OpenMP>) {
#pragma omp parallel for schedule(dynamic, 16)
    for (std::int64_t s = 0; s < segments; ++s) one(s);
  } else
#endif
  {
    for (std::int64_t s = 0; s < segments; ++s) one(s);
  }
}

#if defined(KOKKOS_ENABLE_CUDA)
// CUB's DeviceScan::InclusiveSumByKey of in into out, over a key a value
// (the segment holding it, the last s with offsets(s) <= i), as a call.
template <class T>
std::function<void()> cub_scan_by_key(const View<const T*, Kokkos::Cuda>& in,
                                      const View<T*, Kokkos::Cuda>& out,
                                      const View<std::int64_t*, Kokkos::Cuda>& offsets,
                                      std::int64_t segments) {
  const std::int64_t n = in.extent(0);
  const View<std::int32_t*, Kokkos::Cuda> keys(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "scan segment keys"), n);
  Kokkos::parallel_for(
      "scan segment keys", Kokkos::RangePolicy<Kokkos::Cuda, Kokkos::IndexType<std::int64_t>>(0, n),
      KOKKOS_LAMBDA(std::int64_t i) {
        std::int64_t lo = 0, hi = segments;  // offsets(lo) <= i < offsets(hi)
        while (hi - lo > 1) {
          const std::int64_t mid = lo + (hi - lo) / 2;
          (offsets(mid) <= i ? lo : hi) = mid;
        }
        keys(i) = static_cast<std::int32_t>(lo);
      });
  Kokkos::fence();
  const cudaStream_t stream = Kokkos::Cuda().cuda_stream();
  const std::int32_t* const d_keys = keys.data();
  const T* const d_in = in.data();
  T* const d_out = out.data();
  const CubCall call([=](void* temp, std::size_t& bytes) {
    return cub::DeviceScan::InclusiveSumByKey(temp, bytes, d_keys, d_in, d_out, n,
                                              ::cuda::std::equal_to<>{}, stream);
  });
  return [call, keys] { call.run(); };
}
#endif

// Adds the segmented-scan rows: each segment's inclusive sums into `out`
// (kp::segmented_inclusive_scan; CUB's DeviceScan::InclusiveSumByKey over
// a key a value, the segment's number, made before the timed runs;
// std::inclusive_scan a segment on the hosts).
template <class Space, class T>
void add_segmented_scans(SpaceCase& c, const Input<T>& input, const View<const T*, Space>& in,
                         const View<T*, Space>& out, const View<std::int64_t*, Space>& offsets,
                         const std::shared_ptr<const std::vector<std::int64_t>>& starts) {
  const std::int64_t n = in.extent(0);
  const std::int64_t segments = static_cast<std::int64_t>(starts->size()) - 1;
  const T* values = input.values.data();
  const auto check = [values, starts, segments, out]() -> Check {
    const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
    for (std::int64_t s = 0; s < segments; ++s) {
      T run = T(0);
      for (std::int64_t i = (*starts)[s]; i < (*starts)[s + 1]; ++i) {
        run += values[i];
        if (!(got(i) == run)) return {false, "element " + std::to_string(i) + " differs"};
      }
    }
    return {true, "all " + std::to_string(segments) + " segments' sums exact"};
  };
  const auto poison = [out] { Kokkos::deep_copy(out, poison_value<T>()); };
  const auto add = [&](const char* name, std::function<void()> f, const char* kind) {
    c.variants.push_back({name, std::move(f), check, poison});
    c.variants.back().bytes_per_run = double(2 * n) * sizeof(T);
    c.variants.back().kind = kind;
    c.variants.back().form = "segmented-scan";
  };
  add(
      "kp-segmented-scan", [=] { kp::segmented_inclusive_scan(Space(), in, offsets, out); },
      "ours");
  // The asynchronous form: no check of the offsets, no fence.
  add(
      "kp-segmented-scan-unchecked",
      [=] { kp::segmented_inclusive_scan(Space(), in, offsets, out, kp::unchecked_offsets); },
      "ours");
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    // Its keys and CUB's temporary storage are made on the row's first run
    // (the harness's untimed checked run), so a run without this row
    // allocates neither.
    auto by_key = std::make_shared<std::function<void()>>();
    add(
        "cub-segmented-scan",
        [=] {
          if (!*by_key) *by_key = cub_scan_by_key<T>(in, out, offsets, segments);
          (*by_key)();
        },
        "baseline");
  }
#endif
  if constexpr (!is_gpu_space<Space>()) {
    const T* const first = in.data();
    T* const result = out.data();
    add(
        "std-segmented-scan",
        [=] {
          each_segment<Space>(segments, [&](std::int64_t s) {
            std::inclusive_scan(first + (*starts)[s], first + (*starts)[s + 1],
                                result + (*starts)[s]);
          });
        },
        "baseline");
  }
}

// Adds the segmented-reduce rows: the sums of the segments of `in` into the
// first segments' elements of `out`.
template <class Space, class T>
void add_segmented_forms(SpaceCase& c, const Input<T>& input, const View<const T*, Space>& in,
                         const View<T*, Space>& out) {
  const std::int64_t n = in.extent(0);
  const auto starts = std::make_shared<const std::vector<std::int64_t>>(
      segment_offsets(n, input.segment, input.powerlaw));
  const std::int64_t segments = static_cast<std::int64_t>(starts->size()) - 1;
  const View<std::int64_t*, Space> offsets("scan segment offsets", segments + 1);
  Kokkos::deep_copy(offsets, Kokkos::View<const std::int64_t*, Kokkos::HostSpace>(starts->data(),
                                                                                  starts->size()));
  const T* values = input.values.data();
  const View<T*, Space> sums(out.data(), segments);
  const auto check = [values, starts, segments, sums]() -> Check {
    const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sums);
    for (std::int64_t s = 0; s < segments; ++s) {
      const T want = std::accumulate(values + (*starts)[s], values + (*starts)[s + 1], T(0));
      if (!(got(s) == want)) return {false, "segment " + std::to_string(s) + " differs"};
    }
    return {true, "all " + std::to_string(segments) + " sums exact"};
  };
  const auto poison = [out] { Kokkos::deep_copy(out, poison_value<T>()); };
  const auto add = [&](const char* name, std::function<void()> f, const char* kind) {
    c.variants.push_back({name, std::move(f), check, poison});
    c.variants.back().bytes_per_run = double(n + segments) * sizeof(T);
    c.variants.back().kind = kind;
    c.variants.back().form = "segmented-reduce";
  };
  add(
      "kp-segmented", [=] { kp::segmented_reduce(Space(), in, offsets, sums); }, "ours");
  // The asynchronous form: no check of the offsets, no fence.
  add(
      "kp-segmented-unchecked",
      [=] { kp::segmented_reduce(Space(), in, offsets, sums, kp::unchecked_offsets); }, "ours");
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    const cudaStream_t stream = Kokkos::Cuda().cuda_stream();
    const T* const d_in = in.data();
    T* const d_sums = sums.data();
    const std::int64_t* const d_offsets = offsets.data();
    const int count = static_cast<int>(segments);
    const CubCall call([=](void* temp, std::size_t& bytes) {
      return cub::DeviceSegmentedReduce::Sum(temp, bytes, d_in, d_sums, count, d_offsets,
                                             d_offsets + 1, stream);
    });
    add(
        "cub-segmented", [=] { call.run(); }, "baseline");
  }
#endif
  // What a C++ programmer writes on the host: std::accumulate a segment,
  // the segments spread over OpenMP's threads on OpenMP.
  if constexpr (!is_gpu_space<Space>()) {
    const T* const first = in.data();
    T* const result = sums.data();
    add(
        "std-segmented",
        [=] {
          each_segment<Space>(segments, [&](std::int64_t s) {
            result[s] = std::accumulate(first + (*starts)[s], first + (*starts)[s + 1], T(0));
          });
        },
        "baseline");
  }
  add_segmented_scans<Space>(c, input, in, out, offsets, starts);
}

#define KP_SCAN_FORMS_INSTANTIATE_T(Space, T)                                                    \
  template void add_other_forms<Space, T>(SpaceCase&, const Input<T>&,                           \
                                          const View<const T*, Space>&, const View<T*, Space>&); \
  template void add_segmented_forms<Space, T>(                                                   \
      SpaceCase&, const Input<T>&, const View<const T*, Space>&, const View<T*, Space>&);
#define KP_SCAN_FORMS_INSTANTIATE(Space)           \
  KP_SCAN_FORMS_INSTANTIATE_T(Space, std::int32_t) \
  KP_SCAN_FORMS_INSTANTIATE_T(Space, std::int64_t) \
  KP_SCAN_FORMS_INSTANTIATE_T(Space, float)        \
  KP_SCAN_FORMS_INSTANTIATE_T(Space, double)
KP_FOR_EACH_SPACE(KP_SCAN_FORMS_INSTANTIATE)

}  // namespace bench::scan
