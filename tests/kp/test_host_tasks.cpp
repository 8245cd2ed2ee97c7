// kp::impl::run_host_tasks (include/kp/impl/host_tasks.hpp), on every
// enabled host space: every task runs exactly once, run after run (the
// counter rewinds itself), with fewer tasks than threads, none, and many.
#include <kp/impl/host_tasks.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <cstdint>
#include <type_traits>

#include "common/spaces.hpp"

namespace {

struct CountRuns {
  Kokkos::View<int*, Kokkos::HostSpace> runs;
  void operator()(std::int64_t t) const { Kokkos::atomic_fetch_add(&runs(t), 1); }
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
