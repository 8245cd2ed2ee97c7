// Every public call of the library, on every execution space Kokkos was
// built with, checked against a sequential answer: odd offsets, sizes around
// tile edges, ties, infinities, NaN, extreme histogram values. Prints
// "N passed, N failed" and exits non-zero on any failure.
#include <kp/kp.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <numeric>
#include <utility>
#include <vector>

namespace {

int passed = 0, failed = 0;

void expect(bool ok, const char* what, const char* space, long long n) {
  if (ok) {
    ++passed;
  } else {
    ++failed;
    std::printf("FAIL %s on %s, n = %lld\n", what, space, n);
  }
}

// A View of the space's memory whose first element sits one element into
// its allocation (misaligned for 16-byte loads), filled from `host`.
template <class Space, class T>
Kokkos::View<T*, typename Space::memory_space> odd_offset(const std::vector<T>& host) {
  Kokkos::View<T*, typename Space::memory_space> storage("storage", host.size() + 1);
  auto view = Kokkos::subview(storage, std::make_pair(std::size_t{1}, host.size() + 1));
  Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> source(
      host.data(), host.size());
  Kokkos::deep_copy(view, source);
  return view;
}

template <class V>
std::vector<typename V::non_const_value_type> back(const V& v) {
  std::vector<typename V::non_const_value_type> out(v.extent(0));
  Kokkos::View<typename V::non_const_value_type*, Kokkos::HostSpace,
               Kokkos::MemoryTraits<Kokkos::Unmanaged>>
      dest(out.data(), out.size());
  Kokkos::deep_copy(dest, v);
  return out;
}

template <class Space>
void run(const char* name) {
  const Space space;
  for (const long long n : {0LL, 1LL, 33LL, 2047LL, 2049LL, 4097LL, 100003LL}) {
    // reduce: small integers, exact in every order.
    std::vector<double> d(n);
    std::vector<std::int64_t> l(n);
    for (long long i = 0; i < n; ++i) {
      d[i] = double(i % 9) - 4;
      l[i] = (i % 2 ? -1 : 1) * (std::int64_t{1} << 50) + i;
    }
    expect(kp::reduce(space, odd_offset<Space>(d)) == std::accumulate(d.begin(), d.end(), 0.0),
           "reduce double", name, n);
    expect(kp::reduce(space, odd_offset<Space>(l)) ==
               std::accumulate(l.begin(), l.end(), std::int64_t{0}),
           "reduce int64", name, n);

    // minloc / maxloc: ties, infinities, NaN.
    std::vector<float> f(n);
    for (long long i = 0; i < n; ++i) f[i] = i % 5 == 3 ? -INFINITY : float(i % 7);
    long long first_min = n > 0 ? 0 : -1, first_max = first_min;
    for (long long i = 1; i < n; ++i) {
      if (f[i] < f[first_min]) first_min = i;
      if (f[i] > f[first_max]) first_max = i;
    }
    const auto lo = kp::minloc(space, odd_offset<Space>(f));
    const auto hi = kp::maxloc(space, odd_offset<Space>(f));
    expect(lo.index == first_min, "minloc first -inf", name, n);
    expect(hi.index == first_max, "maxloc first max", name, n);
    if (n > 10) {
      f[10] = NAN;
      expect(kp::minloc(space, odd_offset<Space>(f)).index == 10, "minloc NaN", name, n);
    }

    // scans, in place too.
    auto x = odd_offset<Space>(l);
    kp::exclusive_scan(space, x, x, std::int64_t{7});
    std::vector<std::int64_t> expect_scan(n);
    std::int64_t sum = 7;
    for (long long i = 0; i < n; ++i) expect_scan[i] = std::exchange(sum, sum + l[i]);
    expect(back(x) == expect_scan, "exclusive_scan in place", name, n);
    auto y = odd_offset<Space>(d);
    kp::inclusive_scan(space, odd_offset<Space>(d), y);
    std::vector<double> expect_inc(n);
    std::partial_sum(d.begin(), d.end(), expect_inc.begin());
    expect(back(y) == expect_inc, "inclusive_scan", name, n);

    // histogram: extreme values clamp into the first and last bins.
    std::vector<std::int32_t> v(n);
    for (long long i = 0; i < n; ++i) {
      v[i] = i % 3 == 0 ? std::numeric_limits<std::int32_t>::min()
                        : (i % 3 == 1 ? std::numeric_limits<std::int32_t>::max() : int(i % 300));
    }
    Kokkos::View<std::uint64_t*, typename Space::memory_space> counts("counts", 256);
    kp::histogram(space, odd_offset<Space>(v), counts);
    std::vector<std::uint64_t> expect_counts(256, 0);
    for (const auto value : v) ++expect_counts[value < 0 ? 0 : (value >= 256 ? 255 : value)];
    expect(back(counts) == expect_counts, "histogram", name, n);

    // sample: counts sum to the draws, zero weights never drawn.
    if (n > 0) {
      std::vector<double> w(n);
      for (long long i = 0; i < n; ++i) w[i] = i % 4 == 1 ? 0.0 : double(1 + i % 5);
      if (n == 1) w[0] = 1;
      Kokkos::View<std::uint32_t*, typename Space::memory_space> c("c", n);
      kp::sample(space, odd_offset<Space>(w), 100000, 3, c);
      const auto got = back(c);
      bool zeros_ok = true;
      for (long long i = 0; i < n; ++i) zeros_ok = zeros_ok && (w[i] > 0 || got[i] == 0);
      expect(std::accumulate(got.begin(), got.end(), std::uint64_t{0}) == 100000 && zeros_ok,
             "sample", name, n);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
#ifdef KOKKOS_ENABLE_SERIAL
  run<Kokkos::Serial>("Serial");
#endif
#ifdef KOKKOS_ENABLE_OPENMP
  run<Kokkos::OpenMP>("OpenMP");
#endif
#ifdef KOKKOS_ENABLE_CUDA
  run<Kokkos::Cuda>("Cuda");
#endif
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
