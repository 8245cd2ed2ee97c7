// One small reduce's call with its fence, on the CUDA space, where the
// one-team kernel is launched through Kokkos or as a bare CUDA kernel:
// kp::reduce (a View result), CUB's DeviceReduce::Sum (temporary storage
// allocated beforehand), kp's one-team kernel through a Kokkos TeamPolicy
// (as 3a524bb's kp::impl::one_team_reduce launched it), the same fold
// (kp::impl::fold_packs) in a
// __global__ kernel launched with <<<1, 256>>> on the space's stream, and
// empty launches of both kinds. The variants take turns, `rounds` rounds of
// `reps` calls each; each line is a variant's median and minimum over all.
#include <cub/cub.cuh>

#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <kp/reduce.hpp>
#include <string>
#include <vector>

#include "../turns.hpp"

namespace {

struct Variant {
  std::string name;
  std::function<void()> call;
};

constexpr int kThreads = 256;

__global__ void __launch_bounds__(kThreads)
    raw_one_team(const float* x, kp::impl::PackSplit split, float* out) {
  float acc =
      kp::impl::fold_packs<true>(kp::impl::Sum<float>{}, x, split, 0, threadIdx.x, kThreads);
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
  __shared__ float warps[kThreads / 32];
  if (threadIdx.x % 32 == 0) warps[threadIdx.x / 32] = acc;
  __syncthreads();
  if (threadIdx.x < 32) {
    acc = threadIdx.x < kThreads / 32 ? warps[threadIdx.x] : 0.0f;
    for (int o = 4; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
    if (threadIdx.x == 0) *out = acc;
  }
}

__global__ void raw_empty() {}

struct Empty {
  KOKKOS_INLINE_FUNCTION void operator()(
      const Kokkos::TeamPolicy<Kokkos::Cuda>::member_type&) const {}
};

}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  using S = Kokkos::Cuda;
  const int n = argc > 1 ? std::atoi(argv[1]) : 4096;
  const int rounds = 10, reps = 201;
  Kokkos::View<float*, S> x("x", n);
  Kokkos::deep_copy(x, 1.0f);
  Kokkos::View<float, S> r("r");
  std::size_t temp_bytes = 0;
  const cudaStream_t stream = S().cuda_stream();
  cub::DeviceReduce::Sum(nullptr, temp_bytes, x.data(), r.data(), n, stream);
  Kokkos::View<char*, S> temp("temp", temp_bytes);
  const kp::impl::PackSplit split = kp::impl::split_into_packs(x.data(), n);
  // kp's one-team kernel launched as 3a524bb's one_team_reduce did.
  using Sum = kp::impl::Sum<float>;
  const auto one_team_policy =
      kp::impl::VectorReducePolicy<S, float>(S(), 1, kThreads)
          .set_scratch_size(0, Kokkos::PerTeam(kp::impl::team_combine_scratch<float>(kThreads)));
  std::vector<Variant> variants = {
      {"kp::reduce", [&] { kp::reduce(S(), x, r); }},
      {"cub::DeviceReduce::Sum",
       [&] {
         std::size_t bytes = temp_bytes;
         cub::DeviceReduce::Sum(temp.data(), bytes, x.data(), r.data(), n, stream);
       }},
      {"kokkos one team",
       [&] {
         Kokkos::parallel_for(
             "one team", one_team_policy,
             kp::impl::OneTeamReduceKernel<S, Sum, float>{x.data(), split, r.data(), Sum{}});
       }},
      {"raw one team",
       [&] { raw_one_team<<<1, kThreads, 0, stream>>>(x.data(), split, r.data()); }},
      {"kokkos empty 1x256",
       [&] { Kokkos::parallel_for("empty", Kokkos::TeamPolicy<S>(S(), 1, kThreads), Empty{}); }},
      {"raw empty 1x256", [&] { raw_empty<<<1, kThreads, 0, stream>>>(); }},
  };
  float expect = static_cast<float>(n), got = 0;
  for (auto& v : variants) {
    Kokkos::deep_copy(r, 0.0f);
    for (int i = 0; i < 100; ++i) v.call();
    S().fence();
    Kokkos::deep_copy(got, r);
    if (v.name.find("empty") == std::string::npos && got != expect) {
      std::printf("%s: %g, expected %g\n", v.name.c_str(), got, expect);
      return 1;
    }
  }
  std::vector<std::function<void()>> calls;
  for (const auto& v : variants) calls.push_back(v.call);
  const auto t = turns::take_turns(S(), rounds, reps, calls);
  std::printf("n=%d, %d rounds of %d calls each, call+fence us\n", n, rounds, reps);
  for (std::size_t k = 0; k < variants.size(); ++k) {
    std::printf("%-24s median %6.2f  p10 %6.2f  min %6.2f\n", variants[k].name.c_str(),
                turns::median(t[k]), t[k][t[k].size() / 10], t[k][0]);
  }
  return 0;
}
