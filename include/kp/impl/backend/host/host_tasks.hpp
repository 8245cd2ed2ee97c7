#pragma once
// Tasks handed out on host spaces to whichever thread comes free: one worker
// an index of a static launch, each taking tasks from a shared counter until
// none is left. A slower or busier vCPU then runs fewer tasks instead of
// holding back a fixed share.
//
// Kokkos' own Dynamic schedule does this too, but on Kokkos 3.4's OpenMP
// backend it costs far more than the work on short kernels (tens of
// microseconds a launch on 16 threads).
//
// A worker takes a run of consecutive tasks at a time, a share of those
// left (guided scheduling): 1/(kGrabShare x workers) of them, at least one.
// So a thread's first tasks are contiguous, as under Kokkos' Dynamic
// schedule, and a run costs one atomic.
//
// One thread (Serial) runs the tasks in order through Kokkos' RangePolicy,
// and `finish` in a launch of its own: the same loop inside one kernel
// with the finish after it was slower on one thread.
//
// The counter rewinds itself: the last worker to finish zeroes it, so a run
// is one launch and the next launch, ordered after it on the space, starts
// from 0. That worker first runs the caller's `finish` (a reduction's join,
// a scan's prefixes of the tasks' sums), ordered after every task: one
// launch less, a few microseconds a call. Host calls on one space type do
// not run concurrently (see workspace.hpp), so one counter serves every
// caller.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include <kp/impl/core/common.hpp>
#include <kp/impl/core/workspace.hpp>

namespace kp::impl {

inline constexpr std::int64_t kGrabShare = 4;

// A run with nothing to do after its tasks.
struct NoFinish {
  KOKKOS_INLINE_FUNCTION void operator()() const {}
};

template <class Space>
struct TaskCounter {
  // [0]: the next task to hand out, [1]: the workers done. Zero between runs.
  Kokkos::View<std::int64_t[2], Kokkos::HostSpace> counts{"kp::task counter"};
};

template <class Task, class Finish>
struct TaskWorker {
  Task task;
  Finish finish;
  std::int64_t tasks;
  std::int64_t workers;
  std::int64_t* counts;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t) const {
    std::int64_t taken = 0;  // the counter as this worker last saw it
    for (;;) {
      const std::int64_t left = tasks - taken;
      const std::int64_t grab = left > kGrabShare * workers ? left / (kGrabShare * workers) : 1;
      const std::int64_t first = Kokkos::atomic_fetch_add(&counts[0], grab);
      if (first >= tasks) break;
      const std::int64_t end = tasks - first < grab ? tasks : first + grab;
      for (std::int64_t t = first; t < end; ++t) task(t);
      taken = first + grab;
    }
    // Kokkos' atomics may be relaxed (4.x): the fences order each worker's
    // last take before its count, and the last count before the rewind.
    Kokkos::memory_fence();
    if (Kokkos::atomic_fetch_add(&counts[1], std::int64_t{1}) == workers - 1) {
      // Every other worker is past its last task: finish, then rewind for
      // the next run, which the kernel's end orders after this one.
      Kokkos::memory_fence();
      finish();
      Kokkos::atomic_exchange(&counts[0], std::int64_t{0});
      Kokkos::atomic_exchange(&counts[1], std::int64_t{0});
    }
  }
};

// finish() as a kernel of one index.
template <class Finish>
struct FinishAlone {
  Finish finish;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t) const { finish(); }
};

// Runs task(t) for every t in [0, tasks) on the host space `space`, in
// runs of tasks to whichever of its threads comes free, then finish() once,
// on one thread, after every task (also when there are none). One launch,
// labelled `label` (on one thread the finish is a second, `label`::finish);
// asynchronous on `space` as any kernel.
template <class Space, class Task, class Finish = NoFinish>
void run_host_tasks(const Space& space, const std::string& label, std::int64_t tasks,
                    const Task& task, const Finish& finish = {}) {
  static_assert(!is_gpu_space<Space>(), "run_host_tasks: host spaces only");
  constexpr bool finishes = !std::is_same_v<Finish, NoFinish>;
  if (tasks <= 0 && !finishes) return;
  using Range = Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>;
  if (space.concurrency() == 1 || tasks <= 0) {  // nothing to hand out
    if (tasks > 0) Kokkos::parallel_for(label, Range(space, 0, tasks), task);
    if constexpr (finishes) {
      Kokkos::parallel_for(label + "::finish", Range(space, 0, 1), FinishAlone<Finish>{finish});
    }
    return;
  }
  const auto counter = workspace<TaskCounter<Space>>(
      space, [](const TaskCounter<Space>&) { return true; }, [] { return TaskCounter<Space>{}; });
  const std::int64_t workers = std::min<std::int64_t>(space.concurrency(), tasks);
  Kokkos::parallel_for(
      label, Range(space, 0, workers),
      TaskWorker<Task, Finish>{task, finish, tasks, workers, counter->counts.data()});
}

}  // namespace kp::impl
