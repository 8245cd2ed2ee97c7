// Host time of one call, enqueue alone and with its fence: kp::reduce (a
// View result), CUB's DeviceReduce::Sum, and empty Kokkos launches of the
// same shape (one team of 256; a RangePolicy of 256), at 2^12..2^20 floats.
#include <cub/cub.cuh>

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <kp/reduce.hpp>
#include <vector>

namespace {

double now_us() {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Median over `reps` of: `calls` calls back to back, host time a call
// (enqueue), then the fence (not counted); and of one call plus its fence.
void time_it(const char* name, int n, const std::function<void()>& call) {
  Kokkos::Cuda space;
  for (int i = 0; i < 50; ++i) call();
  space.fence();
  std::vector<double> enqueue, fenced;
  for (int r = 0; r < 31; ++r) {
    const int calls = 100;
    const double t0 = now_us();
    for (int i = 0; i < calls; ++i) call();
    enqueue.push_back((now_us() - t0) / calls);
    space.fence();
  }
  for (int r = 0; r < 301; ++r) {
    const double t0 = now_us();
    call();
    space.fence();
    fenced.push_back(now_us() - t0);
  }
  std::sort(enqueue.begin(), enqueue.end());
  std::sort(fenced.begin(), fenced.end());
  std::printf("%-22s n=2^%-2d enqueue %6.2f us  call+fence %6.2f us (min %6.2f)\n", name,
              31 - __builtin_clz(static_cast<unsigned>(n)), enqueue[enqueue.size() / 2],
              fenced[fenced.size() / 2], fenced[0]);
}

struct Empty {
  KOKKOS_INLINE_FUNCTION void operator()(
      const Kokkos::TeamPolicy<Kokkos::Cuda>::member_type&) const {}
  KOKKOS_INLINE_FUNCTION void operator()(const int) const {}
};

// The one-team kernel's work with raw pointers: 4 packs a thread, then the
// team's combine (kp::impl::team_combine), rank 0 writes the sum.
struct MiniReduce {
  const float4* in;
  float* out;
  int packs;
  KOKKOS_INLINE_FUNCTION void operator()(
      const Kokkos::TeamPolicy<Kokkos::Cuda>::member_type& team) const {
    float acc = 0;
    const int t = team.team_rank(), step = team.team_size();
    float4 v[4];
    for (int k = 0; k < 4; ++k) v[k] = t + k * step < packs ? in[t + k * step] : float4{0, 0, 0, 0};
    for (int k = 0; k < 4; ++k) acc += v[k].x + v[k].y + v[k].z + v[k].w;
    float* shared = static_cast<float*>(team.team_scratch(0).get_shmem(sizeof(float) * step));
    acc = kp::impl::team_combine(team, shared, acc, kp::impl::Sum<float>{});
    if (t == 0) *out = acc;
  }
};

}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  using S = Kokkos::Cuda;
  for (const int n : {1 << 12, 1 << 16, 1 << 20}) {
    Kokkos::View<float*, S> x("x", n);
    Kokkos::deep_copy(x, 1.0f);
    Kokkos::View<float, S> r("r");
    std::size_t temp_bytes = 0;
    cub::DeviceReduce::Sum(nullptr, temp_bytes, x.data(), r.data(), n, S().cuda_stream());
    Kokkos::View<char*, S> temp("temp", temp_bytes);
    time_it("kp::reduce", n, [&] { kp::reduce(S(), x, r); });
    time_it("cub::DeviceReduce::Sum", n, [&] {
      std::size_t bytes = temp_bytes;
      cub::DeviceReduce::Sum(temp.data(), bytes, x.data(), r.data(), n, S().cuda_stream());
    });
    if (n == (1 << 12)) {
      time_it("raw-pointer one team", n, [&] {
        Kokkos::parallel_for(
            "mini", Kokkos::TeamPolicy<S>(S(), 1, 256).set_scratch_size(0, Kokkos::PerTeam(1024)),
            MiniReduce{reinterpret_cast<const float4*>(x.data()), r.data(), n / 4});
      });
      time_it("empty TeamPolicy(1x256)", n,
              [&] { Kokkos::parallel_for("empty", Kokkos::TeamPolicy<S>(S(), 1, 256), Empty{}); });
      time_it("empty RangePolicy(256)", n,
              [&] { Kokkos::parallel_for("empty", Kokkos::RangePolicy<S>(S(), 0, 256), Empty{}); });
    }
  }
  float host = 0;
  Kokkos::deep_copy(host, Kokkos::View<float, S>("r2"));
  return host != 0;
}
