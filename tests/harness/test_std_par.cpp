// start_tbb_on_openmp_cpus: run with OpenMP binding its threads (the ctest
// entry sets OMP_PROC_BIND=close OMP_PLACES=cores), which narrows the main
// thread to one CPU before main; TBB must still get every CPU of the places,
// and the main thread its own mask back.
#include <omp.h>
#include <sched.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <catch2/catch_test_macros.hpp>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "harness/std_par.hpp"

namespace {

// Counted here rather than through std_par.cpp's own helper, so that the
// expectation does not come from the code under test.
int cpus_of_places() {
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  for (int p = 0; p < omp_get_num_places(); ++p) {
    std::vector<int> ids(static_cast<std::size_t>(omp_get_place_num_procs(p)));
    omp_get_place_proc_ids(p, ids.data());
    for (const int id : ids) CPU_SET(id, &cpus);
  }
  return CPU_COUNT(&cpus);
}

// Whether `threads` TBB tasks run at the same time (each waits up to a
// second for the others).
bool run_together(int threads) {
  std::atomic<int> started{0};
  std::atomic<bool> together{true};
  tbb::parallel_for(
      0, threads, 1,
      [&](int) {
        started.fetch_add(1);
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
        while (started.load() < threads) {
          if (std::chrono::steady_clock::now() > until) {
            together = false;
            return;
          }
          std::this_thread::yield();
        }
      },
      tbb::simple_partitioner());
  return together;
}

}  // namespace

TEST_CASE("TBB gets the OpenMP places' CPUs, the main thread keeps its own", "[std_par]") {
  const int cpus = cpus_of_places();
  if (omp_get_num_places() == 0 || cpus < 2) SKIP("OpenMP binds no threads to 2 or more CPUs");
  cpu_set_t before, after;
  REQUIRE(sched_getaffinity(0, sizeof before, &before) == 0);
  CHECK(CPU_COUNT(&before) < cpus);  // what the fix is for: pinning narrowed the main thread
  bench::start_tbb_on_openmp_cpus();
  REQUIRE(sched_getaffinity(0, sizeof after, &after) == 0);
  CHECK(CPU_EQUAL(&before, &after));
  CHECK(tbb::this_task_arena::max_concurrency() == cpus);
  CHECK(run_together(cpus));
  bench::start_tbb_on_openmp_cpus();  // once per process: a second call changes nothing
  CHECK(tbb::this_task_arena::max_concurrency() == cpus);
}
