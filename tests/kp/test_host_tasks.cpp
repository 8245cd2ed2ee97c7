// kp::impl::run_host_tasks (include/kp/impl/backend/host/host_tasks.hpp), on every
// enabled host space: every task runs exactly once, run after run (the
// counter rewinds itself), with fewer tasks than threads, none, and many;
// `finish` runs once a run, after every task.
#include <kp/impl/backend/host/host_tasks.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <cstdint>
#include <type_traits>

#include "common/spaces.hpp"

namespace {

struct CountRuns {
  Kokkos::View<int*, Kokkos::HostSpace> runs;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t) const {
    Kokkos::atomic_fetch_add(&runs(t), 1);
  }
};

// Counts its runs and the tasks of this run (`run`) it saw not yet done.
struct CheckAllRan {
  Kokkos::View<int*, Kokkos::HostSpace> runs;
  Kokkos::View<std::int64_t[2], Kokkos::HostSpace> seen;  // finishes, tasks not done
  int run;
  KOKKOS_INLINE_FUNCTION void operator()() const {
    ++seen(0);
    for (std::size_t t = 0; t < runs.extent(0); ++t) seen(1) += runs(t) != run;
  }
};

}  // namespace

TEMPLATE_LIST_TEST_CASE("run_host_tasks runs every task once", "[kp][host_tasks]",
                        kp::test::Spaces) {
  using Space = TestType;
  if constexpr (!kp::impl::is_gpu_space<Space>()) {
    const std::int64_t tasks = GENERATE(0, 1, 2, 3, 15, 16, 17, 1000, 100003);
    INFO("tasks " << tasks << ", concurrency " << Space().concurrency());
    const Kokkos::View<int*, Kokkos::HostSpace> runs("runs", tasks);
    for (int run = 1; run <= 3; ++run) {
      kp::impl::run_host_tasks(Space(), "test::tasks", tasks, CountRuns{runs});
      Space().fence();
      std::int64_t wrong = 0;
      for (std::int64_t t = 0; t < tasks; ++t) wrong += runs(t) != run;
      REQUIRE(wrong == 0);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("run_host_tasks finishes once, after every task", "[kp][host_tasks]",
                        kp::test::Spaces) {
  using Space = TestType;
  if constexpr (!kp::impl::is_gpu_space<Space>()) {
    const std::int64_t tasks = GENERATE(0, 1, 3, 16, 17, 1000, 100003);
    INFO("tasks " << tasks << ", concurrency " << Space().concurrency());
    const Kokkos::View<int*, Kokkos::HostSpace> runs("runs", tasks);
    const Kokkos::View<std::int64_t[2], Kokkos::HostSpace> seen("seen");
    for (int run = 1; run <= 3; ++run) {
      seen(0) = seen(1) = 0;
      kp::impl::run_host_tasks(Space(), "test::tasks", tasks, CountRuns{runs},
                               CheckAllRan{runs, seen, run});
      Space().fence();
      CHECK(seen(0) == 1);
      CHECK(seen(1) == 0);
      std::int64_t wrong = 0;
      for (std::int64_t t = 0; t < tasks; ++t) wrong += runs(t) != run;
      REQUIRE(wrong == 0);
    }
  }
}
