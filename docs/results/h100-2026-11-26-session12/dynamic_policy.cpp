// Kokkos' OpenMP range policies on short kernels: 196 indices of 512
// divisions each (the alias build's classify at 10^5 weights has 196 chunks
// of 512), timed as a static, a Dynamic (chunk 1), a Dynamic (Kokkos'
// default chunk) and a Dynamic (chunk 4) policy, median of 50 launches, three
// passes. Run K timed the classify's two passes at about 600 us each on 16
// threads with the Dynamic policy of chunk 1, where the 2-core VM took 60.
//
// g++ -O3 -fopenmp -std=c++17 -I$KOKKOS/include dynamic_policy.cpp
//   $KOKKOS/lib/libkokkoscore.a -ldl   (then OMP_NUM_THREADS=p ./a.out)
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

struct Work {
  Kokkos::View<double*, Kokkos::HostSpace> out;
  void operator()(std::int64_t c) const {
    double s = 0;
    for (int i = 0; i < 512; ++i) s += 1.0 / double(c * 512 + i + 1);
    out(c) = s;
  }
};

template <class Policy>
double median_us(const Policy& policy, const Work& work) {
  std::vector<double> t;
  for (int r = 0; r < 50; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    Kokkos::parallel_for(policy, work);
    Kokkos::fence();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2] * 1e6;
}

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    const Work work{Kokkos::View<double*, Kokkos::HostSpace>("out", 196)};
    using Static = Kokkos::RangePolicy<Kokkos::OpenMP, Kokkos::IndexType<std::int64_t>>;
    using Dynamic = Kokkos::RangePolicy<Kokkos::OpenMP, Kokkos::Schedule<Kokkos::Dynamic>,
                                        Kokkos::IndexType<std::int64_t>>;
    for (int pass = 0; pass < 3; ++pass) {
      std::printf(
          "static %.1f us, dynamic chunk 1 %.1f us, dynamic default chunk %.1f us, dynamic chunk 4 "
          "%.1f us\n",
          median_us(Static(0, 196), work), median_us(Dynamic(0, 196, Kokkos::ChunkSize(1)), work),
          median_us(Dynamic(0, 196), work), median_us(Dynamic(0, 196, Kokkos::ChunkSize(4)), work));
    }
  }
  Kokkos::finalize();
}
