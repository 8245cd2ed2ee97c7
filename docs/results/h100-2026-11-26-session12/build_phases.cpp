// What do kp::sample's kernels other than the draws cost on 16 threads, and
// why? Run F (session 11) timed them inside kp::sample calls repeated back
// to back: classify 98 us, pair 68, totals 41, the rows' sum 84 on 16
// threads, where Serial took 208, 88, 256 and 64 (pair no faster on 16
// threads than on one). Hypotheses: (a) the pairing writes table lines that
// every thread's draws of the call before left in its cache, so each store
// waits for an invalidation; (b) fork/join and barrier costs of each
// kernel on these vCPUs; (c) static partitions waiting for the slowest
// vCPU. So the kernels are timed (Kokkos' tool callbacks, as in
// ../h100-2026-11-26-session11/sample_phases.cpp) in these sequences:
//   sample        kp::sample, as run F
//   build         the table built again and again, nothing between
//   read+build    every thread reads the whole table, then the build
//   empty         an empty parallel_for, reduce and scan of 16 indices
// An argument picks the weights: uniform (default) or ramp (w_i = i + 1).
//
// g++ -O3 -fopenmp -std=c++17 -Iinclude -I$KOKKOS/include build_phases.cpp
//   $KOKKOS/lib/libkokkoscore.a -ldl   (then OMP_NUM_THREADS=p ./a.out [ramp])
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <kp/sample.hpp>

namespace {

using Clock = std::chrono::steady_clock;

struct Open {
  std::string label;
  Clock::time_point start;
};
std::vector<Open> open_kernels;
std::map<std::string, double> call_seconds;  // per label, this call

void begin(const char* label, std::uint32_t, std::uint64_t* id) {
  *id = open_kernels.size();
  open_kernels.push_back({label, Clock::now()});
}
void end(std::uint64_t id) {
  const Open& k = open_kernels.at(id);
  call_seconds[k.label] += std::chrono::duration<double>(Clock::now() - k.start).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Times `call` `runs` times after 5 warm-up calls; prints the median of the
// whole call and of each kernel label, in microseconds.
void time_calls(const char* what, const std::function<void()>& call, int runs) {
  std::map<std::string, std::vector<double>> per_label;
  std::vector<double> totals;
  for (int r = -5; r < runs; ++r) {
    open_kernels.clear();
    call_seconds.clear();
    const auto t0 = Clock::now();
    call();
    Kokkos::fence();
    if (r < 0) continue;
    totals.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    for (const auto& [label, s] : call_seconds) per_label[label].push_back(s);
  }
  std::printf("%s: call %.1f us (min %.1f)\n", what, median(totals) * 1e6,
              *std::min_element(totals.begin(), totals.end()) * 1e6);
  for (const auto& [label, s] : per_label) {
    std::printf("  %-34s %9.1f us (min %.1f)\n", label.c_str(), median(s) * 1e6,
                *std::min_element(s.begin(), s.end()) * 1e6);
  }
}

template <class Space>
struct ReadTable {
  kp::impl::View<kp::impl::DrawColumn*, Space> columns;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t, std::uint64_t& sum) const {
    for (std::size_t c = 0; c < columns.extent(0); ++c) sum += columns(c).threshold;
  }
};

struct NoFor {
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t) const {}
};
struct NoReduce {
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t, std::int64_t&) const {}
};
struct NoScan {
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t, std::int64_t&, bool) const {}
};

template <class Space>
void probe(const char* name, std::int64_t n, bool ramp) {
  const std::uint64_t draws = 10000000, seed = 20240501;
  const Space space;
  Kokkos::View<double*, Space> weights("weights", n);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(space, 0, n),
      KOKKOS_LAMBDA(std::int64_t i) { weights(i) = ramp ? double(i + 1) : 1.0; });
  Kokkos::View<std::uint32_t*, Space> counts("counts", n);
  const int threads = space.concurrency();
  std::printf("== %s, concurrency %d, %lld %s weights\n", name, threads, (long long)n,
              ramp ? "ramp" : "uniform");
  time_calls(
      "sample", [&] { kp::sample(space, weights, draws, seed, counts); }, 30);
  kp::impl::View<kp::impl::DrawColumn*, Space> columns("columns", n);
  time_calls(
      "build", [&] { kp::AliasTable<Space> table(space, weights, columns); }, 30);
  time_calls(
      "read+build",
      [&] {
        std::uint64_t sum = 0;
        Kokkos::parallel_reduce("read table", Kokkos::RangePolicy<Space>(space, 0, threads),
                                ReadTable<Space>{columns}, sum);
        kp::AliasTable<Space> table(space, weights, columns);
      },
      30);
  time_calls(
      "empty",
      [&] {
        std::int64_t r = 0;
        Kokkos::parallel_for("empty for", Kokkos::RangePolicy<Space>(space, 0, 16), NoFor{});
        Kokkos::parallel_reduce("empty reduce", Kokkos::RangePolicy<Space>(space, 0, 16),
                                NoReduce{}, r);
        Kokkos::parallel_scan("empty scan", Kokkos::RangePolicy<Space>(space, 0, 16), NoScan{});
      },
      30);
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    namespace tools = Kokkos::Tools::Experimental;
    tools::set_begin_parallel_for_callback(begin);
    tools::set_begin_parallel_reduce_callback(begin);
    tools::set_begin_parallel_scan_callback(begin);
    tools::set_end_parallel_for_callback(end);
    tools::set_end_parallel_reduce_callback(end);
    tools::set_end_parallel_scan_callback(end);
    const bool ramp = argc > 1 && std::string(argv[1]) == "ramp";
    probe<Kokkos::OpenMP>("OpenMP", 100000, ramp);
    probe<Kokkos::Serial>("Serial", 100000, ramp);
  }
  Kokkos::finalize();
}
