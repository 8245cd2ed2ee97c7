// Where does kp::sample's time go on a host space? The roulette app's `kp`
// row (10^5 uniform double weights, 10^7 draws, uint32 counts) timed call by
// call, with every Kokkos kernel of the call timed through Kokkos' tool
// callbacks (the OpenMP and Serial backends run kernels synchronously, so a
// kernel's end callback comes once it has finished). "outside" is the call's
// time not spent in any kernel (host work between them). Then the same with
// the table built once (kp::AliasTable) and only its draws timed.
//
// The tenth session fitted the row's time on 1-16 threads as 1.47 + 19.3 / p
// ms: which kernel, or what between them, does not shrink with threads?
// An argument sets the number of weights (10^5 if none): with fewer, the
// table and a thread's row of counts fit in L1, with more they leave L2.
//
// g++ -O3 -fopenmp -std=c++17 -Iinclude -I$KOKKOS/include sample_phases.cpp
//   $KOKKOS/lib/libkokkoscore.a -ldl   (then OMP_NUM_THREADS=p ./a.out [weights])
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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
  std::vector<double> totals, outside;
  for (int r = -5; r < runs; ++r) {
    open_kernels.clear();
    call_seconds.clear();
    const auto t0 = Clock::now();
    call();
    Kokkos::fence();
    const double total = std::chrono::duration<double>(Clock::now() - t0).count();
    if (r < 0) continue;
    double inside = 0;
    for (const auto& [label, s] : call_seconds) {
      per_label[label].push_back(s);
      inside += s;
    }
    totals.push_back(total);
    outside.push_back(total - inside);
  }
  std::printf("%s: call %.1f us (min %.1f), outside kernels %.1f us\n", what, median(totals) * 1e6,
              *std::min_element(totals.begin(), totals.end()) * 1e6, median(outside) * 1e6);
  for (const auto& [label, s] : per_label) {
    std::printf("  %-34s %9.1f us\n", label.c_str(), median(s) * 1e6);
  }
}

template <class Space>
void probe(const char* name, std::int64_t n) {
  const std::uint64_t draws = 10000000, seed = 20240501;
  Kokkos::View<double*, Space> weights("weights", n);
  Kokkos::deep_copy(weights, 1.0);
  Kokkos::View<std::uint32_t*, Space> counts("counts", n);
  std::printf("== %s, concurrency %d, %lld weights\n", name, Space().concurrency(), (long long)n);
  time_calls(
      "kp::sample", [&] { kp::sample(Space(), weights, draws, seed, counts); }, 30);
  const kp::AliasTable<Space> table(Space(), weights);
  time_calls(
      "table.sample (draws only)", [&] { table.sample(Space(), draws, seed, counts); }, 30);
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
    const std::int64_t n = argc > 1 ? std::atoll(argv[1]) : 100000;
    probe<Kokkos::OpenMP>("OpenMP", n);
    probe<Kokkos::Serial>("Serial", n);
  }
  Kokkos::finalize();
}
