#include "harness/std_par.hpp"

#include <omp.h>
#include <sched.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

namespace bench {

namespace {

// The CPUs of every OpenMP place; false where OpenMP has no places.
bool openmp_cpus(cpu_set_t& cpus) {
  CPU_ZERO(&cpus);
  const int places = omp_get_num_places();
  for (int p = 0; p < places; ++p) {
    std::vector<int> ids(static_cast<std::size_t>(omp_get_place_num_procs(p)));
    omp_get_place_proc_ids(p, ids.data());
    for (const int id : ids) CPU_SET(id, &cpus);
  }
  return places > 0;
}

// Every TBB worker awake at once, so that all of them are created now: each
// of `threads` iterations waits (up to 200 ms) until all have started, so
// none can run two of them.
void wake_every_worker(int threads) {
  std::atomic<int> started{0};
  tbb::parallel_for(
      0, threads, 1,
      [&](int) {
        started.fetch_add(1);
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
        while (started.load() < threads && std::chrono::steady_clock::now() < until) {
          std::this_thread::yield();
        }
      },
      tbb::simple_partitioner());
}

}  // namespace

void start_tbb_on_openmp_cpus() {
  static std::once_flag once;
  std::call_once(once, [] {
    cpu_set_t mine, wide;
    const bool widened = sched_getaffinity(0, sizeof mine, &mine) == 0 && openmp_cpus(wide) &&
                         sched_setaffinity(0, sizeof wide, &wide) == 0;
    wake_every_worker(tbb::info::default_concurrency());
    if (widened) sched_setaffinity(0, sizeof mine, &mine);
  });
}

}  // namespace bench
