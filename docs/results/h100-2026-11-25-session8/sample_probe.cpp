// kp::sample's phases on host spaces: the table build alone (fenced), the
// draws from a kept table, and kp::sample whole; 1000 and 100000 uniform
// weights (a table and a row of counts that fit in L1, and that do not).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <kp/sample.hpp>
#include <vector>
template <class F>
double median_ms(F f) {
  std::vector<double> t;
  for (int r = 0; r < 13; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    if (r >= 3)
      t.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
template <class Space>
void run(const char* name, std::int64_t n) {
  Kokkos::View<double*, Space> w("w", n);
  Kokkos::deep_copy(w, 1.0);
  Kokkos::View<std::uint32_t*, Space> counts("c", n);
  Space space;
  const double build = median_ms([&] {
    kp::AliasTable<Space> t(space, w);
    space.fence();
  });
  kp::AliasTable<Space> table(space, w);
  for (const std::uint64_t draws : {std::uint64_t{0}, std::uint64_t{10000000}}) {
    const double draw = median_ms([&] {
      table.sample(space, draws, 1, counts);
      space.fence();
    });
    const double whole = median_ms([&] {
      kp::sample(space, w, draws, 1, counts);
      space.fence();
    });
    std::printf(
        "%-7s n %6lld threads %2d draws %9llu: build %.3f ms, draws from a table %.3f ms, "
        "kp::sample %.3f ms\n",
        name, (long long)n, space.concurrency(), (unsigned long long)draws, build, draw, whole);
  }
}
int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  for (const std::int64_t n : {1000, 100000}) {
    run<Kokkos::Serial>("serial", n);
    run<Kokkos::OpenMP>("openmp", n);
  }
  Kokkos::finalize();
}
