// The histogram variants, written once for every execution space. Each
// functor is one algorithm; make_space_case wires them to the runner and
// leaves out, with a note on stderr, those that cannot run here.
#include <Kokkos_ScatterView.hpp>
#include <algorithm>
#include <cstdint>
#include <functional>
#include <iostream>
#include <kp/histogram.hpp>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "harness/variants.hpp"
#include "histogram/cuda_variants.hpp"
#include "histogram/histogram_app.hpp"

namespace bench::histogram {

// One global atomic increment per input.
// The same increments through a ScatterView: duplicated (a private copy per
// thread, summed by contribute) or atomic (on the counts themselves).
template <class Space, class Scatter>
struct ScatterCount {
  View<const std::int32_t*, Space> in;
  Scatter scatter;
  int bins;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    auto access = scatter.access();
    access(clamp_bin(in(i), bins)) += 1;
  }
};

namespace {

template <class Space, class Duplication, class Contribution>
using CountScatter =
    Kokkos::Experimental::ScatterView<Count*, typename View<Count*, Space>::array_layout,
                                      Kokkos::Device<Space, Memory<Space>>,
                                      Kokkos::Experimental::ScatterSum, Duplication, Contribution>;

void note_skipped(const char* variant, const char* space, const std::string& why) {
  std::cerr << "histogram: " << variant << " skipped on " << space << ": " << why << "\n";
}

std::string mib(double bytes) {
  return std::to_string(static_cast<long long>(bytes / (1 << 20))) + " MiB";
}

// Runs one fill of a ScatterView into `counts`, reset and contribute included.
template <class Space, class Scatter>
void scatter_histogram(const char* label, View<const std::int32_t*, Space> in,
                       View<Count*, Space> counts, Scatter scatter, int bins) {
  Kokkos::deep_copy(counts, Count{0});
  scatter.reset_except(counts);  // a non-duplicated ScatterView is the counts themselves
  Kokkos::parallel_for(label, Kokkos::RangePolicy<Space>(0, in.extent(0)),
                       ScatterCount<Space, Scatter>{in, scatter, bins});
  Kokkos::Experimental::contribute(counts, scatter);
}

}  // namespace

template <class Space>
SpaceCase make_space_case(const Input& input) {
  const auto part = my_part(input.values);  // this rank's (all on one rank)
  const std::int64_t n = part.extent(0);
  const int bins = input.bins;
  View<std::int32_t*, Space> values(Kokkos::view_alloc(Kokkos::WithoutInitializing, "histogram x"),
                                    n);
  Kokkos::deep_copy(values, part);
  const View<const std::int32_t*, Space> in = values;
  const View<Count*, Space> counts("histogram counts", bins);
  const char* space = space_name<Space>();

  SpaceCase c;
  c.bytes_per_run = static_cast<double>(n) * sizeof(std::int32_t) + double(bins) * sizeof(Count);
  c.items_per_run = static_cast<double>(n);
  // Every variant writes the same counts, so they share the check and poison.
  const auto check = [&input, counts] {
    return check_counts(input, Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), counts));
  };
  const auto poison = [counts] { Kokkos::deep_copy(counts, Count{0xDEADBEEF}); };
  const auto add = [&c, check, poison](const char* name, std::function<void()> run) {
    c.variants.push_back({name, std::move(run), check, poison});
  };

  // Under MPI: the ranks' counts summed, as kp::mpi::histogram does.
  c.combine = [counts] {
    const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), counts);
    sum_over_ranks(host.data(), host.extent(0));
    Kokkos::deep_copy(counts, host);
  };

  // The library call, as a user makes it (kp/histogram.hpp): what users get.
#ifdef KP_HAVE_MPI
  add("kp", [=] { kp::mpi::histogram(world(), Space(), in, counts); });
  c.variants.back().global = true;
#else
  add("kp", [=] { kp::histogram(Space(), in, counts); });
#endif
  // The library's own algorithms, named.
  add("atomic",
      [=] { kp::histogram(Space(), in, counts, kp::HistogramAlgorithm::global_atomics); });

  // One private copy per thread that can run at once (UniqueToken's size):
  // a few on a CPU, hundreds of thousands on a GPU.
  const double copies_bytes = double(Space().concurrency()) * bins * sizeof(Count);
  if (copies_bytes <= kExtraBytesBudget) {
    using Duplicated = CountScatter<Space, Kokkos::Experimental::ScatterDuplicated,
                                    Kokkos::Experimental::ScatterNonAtomic>;
    const Duplicated scatter(counts);
    add("scatter-duplicated", [=] {
      scatter_histogram<Space>("histogram::scatter-duplicated", in, counts, scatter, bins);
    });
  } else {
    note_skipped("scatter-duplicated", space,
                 "its per-thread copies need " + mib(copies_bytes) + ", more than the " +
                     mib(kExtraBytesBudget) + " budget");
  }
  using Atomic = CountScatter<Space, Kokkos::Experimental::ScatterNonDuplicated,
                              Kokkos::Experimental::ScatterAtomic>;
  const Atomic scatter(counts);
  add("scatter-atomic",
      [=] { scatter_histogram<Space>("histogram::scatter-atomic", in, counts, scatter, bins); });

  const std::size_t scratch = sizeof(Count) * bins;
  const std::size_t scratch_max = Kokkos::TeamPolicy<Space>::scratch_size_max(0);
  if (scratch <= scratch_max) {
    add("team-scratch",
        [=] { kp::histogram(Space(), in, counts, kp::HistogramAlgorithm::team_scratch); });
  } else {
    note_skipped("team-scratch", space,
                 std::to_string(bins) + " bins need " + std::to_string(scratch) +
                     " bytes of team scratch, more than its limit " + std::to_string(scratch_max));
  }

#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    std::string why;
    // The library's cluster kernel, named: a device or build without it, or
    // too many bins, refuses the call (std::invalid_argument), and the row
    // is skipped with the library's reason.
    try {
      kp::histogram(Space(), in, counts, kp::HistogramAlgorithm::cluster);
      add("cluster-dsm",
          [=] { kp::histogram(Space(), in, counts, kp::HistogramAlgorithm::cluster); });
    } catch (const std::invalid_argument& refused) {
      note_skipped("cluster-dsm", space, refused.what());
    }
    if (const auto cub = CubHistogram::make(in, counts, why)) {
      add("cub", *cub);
    } else {
      note_skipped("cub", space, why);
    }
  }
#endif
  // The host baselines: the plain sequential loop (serial), and the same loop
  // on every core with a private histogram per thread added at the end (openmp).
#ifdef KOKKOS_ENABLE_SERIAL
  if constexpr (std::is_same_v<Space, Kokkos::Serial>) {
    add("plain-loop", [=] {
      Count* out = counts.data();
      const std::int32_t* x = in.data();
      std::fill(out, out + bins, Count{0});
      for (std::int64_t i = 0; i < n; ++i) ++out[clamp_bin(x[i], bins)];
    });
  }
#endif
#ifdef KOKKOS_ENABLE_OPENMP
  if constexpr (std::is_same_v<Space, Kokkos::OpenMP>) {
    const int threads = Space().concurrency();
    add("omp-private", [=] {
      Count* out = counts.data();
      const std::int32_t* x = in.data();
      std::fill(out, out + bins, Count{0});
#pragma omp parallel num_threads(threads)
      {
        std::vector<Count> local(bins, Count{0});
#pragma omp for schedule(static) nowait
        for (std::int64_t i = 0; i < n; ++i) ++local[clamp_bin(x[i], bins)];
        for (int b = 0; b < bins; ++b) {
          if (local[b] != 0) {
#pragma omp atomic
            out[b] += local[b];
          }
        }
      }
    });
  }
#endif
  set_kind(c, {"scatter-duplicated", "scatter-atomic", "cub", "plain-loop", "omp-private"},
           "baseline");
  return c;
}

#define KP_HISTOGRAM_INSTANTIATE(Space) template SpaceCase make_space_case<Space>(const Input&);
KP_FOR_EACH_SPACE(KP_HISTOGRAM_INSTANTIATE)

}  // namespace bench::histogram
