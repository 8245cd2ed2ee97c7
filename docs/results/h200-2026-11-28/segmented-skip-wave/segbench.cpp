// kp::segmented_reduce against CUB's DeviceSegmentedReduce::Sum on the CUDA
// space: 2^26 floats in equal segments of each length given (default 2^18,
// 2^14, 2^12, 2^10, 2^6), each call with its fence; the two take turns,
// `rounds` rounds of `reps` calls, and each line is the median and minimum
// over all. Built against a copy of the headers, one binary per variant;
// with -DBARE the kp line times bare_segments instead (the segment teams'
// fold and combine alone, no queue or offsets check, as a bare kernel).
#include <cub/cub.cuh>

#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <kp/segmented.hpp>
#include <vector>

#include "../turns.hpp"

namespace {

#ifdef BARE
// The segment teams' work (no queue, no offsets check) as a bare CUDA
// kernel: a block of kThreads a segment, its fold and combine as kp's.
template <int kThreads>
__global__ void __launch_bounds__(kThreads)
    bare_segments(const float* in, const std::int64_t* offsets, float* out) {
  const std::int64_t s = blockIdx.x;
  const std::int64_t begin = offsets[s], end = offsets[s + 1];
  const kp::impl::Sum<float> op;
  float acc = kp::impl::fold_packs<true>(op, in + begin,
                                         kp::impl::split_into_packs(in + begin, end - begin), begin,
                                         threadIdx.x, kThreads);
  __shared__ float warps[kThreads / 32];
  acc = kp::impl::team_combine(kp::impl::CudaBlock<kThreads>{}, warps, acc, op);
  if (threadIdx.x == 0) out[s] = acc;
}
#endif

}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  using S = Kokkos::Cuda;
  const std::int64_t n = std::int64_t{1} << 26;
  std::vector<std::int64_t> lengths;
  for (int a = 1; a < argc; ++a) lengths.push_back(std::atoll(argv[a]));
  if (lengths.empty()) lengths = {1 << 18, 1 << 14, 1 << 12, 1 << 10, 1 << 6};
  Kokkos::View<float*, S> x("x", n);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<S>(0, n), KOKKOS_LAMBDA(std::int64_t i) { x(i) = float(i % 7) - 3.0f; });
  const int rounds = 5, reps = 40;
  const cudaStream_t stream = S().cuda_stream();
  for (const std::int64_t len : lengths) {
    const std::int64_t segments = n / len;
    Kokkos::View<std::int64_t*, S> offsets("offsets", segments + 1);
    Kokkos::parallel_for(
        Kokkos::RangePolicy<S>(0, segments + 1),
        KOKKOS_LAMBDA(std::int64_t s) { offsets(s) = s * len; });
    Kokkos::View<float*, S> kp_out("kp", segments), cub_out("cub", segments);
    std::size_t temp_bytes = 0;
    cub::DeviceSegmentedReduce::Sum(nullptr, temp_bytes, x.data(), cub_out.data(),
                                    static_cast<int>(segments), offsets.data(), offsets.data() + 1,
                                    stream);
    Kokkos::View<char*, S> temp("temp", temp_bytes);
    const auto kp_call = [&] {
#ifdef BARE
      const int blocks = static_cast<int>(segments);
      if (len >= 16384) {
        bare_segments<512><<<blocks, 512, 0, stream>>>(x.data(), offsets.data(), kp_out.data());
      } else if (len >= 2048) {
        bare_segments<256><<<blocks, 256, 0, stream>>>(x.data(), offsets.data(), kp_out.data());
      } else {
        bare_segments<32><<<blocks, 32, 0, stream>>>(x.data(), offsets.data(), kp_out.data());
      }
#else
      kp::segmented_reduce(S(), x, offsets, kp_out);
#endif
    };
    const auto cub_call = [&] {
      std::size_t bytes = temp_bytes;
      cub::DeviceSegmentedReduce::Sum(temp.data(), bytes, x.data(), cub_out.data(),
                                      static_cast<int>(segments), offsets.data(),
                                      offsets.data() + 1, stream);
    };
    for (int i = 0; i < 10; ++i) {
      kp_call();
      cub_call();
    }
    S().fence();
    // Exact sums: each segment's values are small integers.
    const auto a = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), kp_out);
    const auto b = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), cub_out);
    for (std::int64_t s = 0; s < segments; ++s) {
      if (a(s) != b(s)) {
        std::printf("len %lld: segment %lld kp %g cub %g\n", static_cast<long long>(len),
                    static_cast<long long>(s), double(a(s)), double(b(s)));
        return 1;
      }
    }
    const auto t = turns::take_turns(S(), rounds, reps, {kp_call, cub_call});
    const std::vector<double>&tk = t[0], &tc = t[1];
    std::printf(
        "segments 2^%-2d of %7lld: kp median %8.1f min %8.1f  cub median %8.1f min %8.1f"
        "  kp/cub %.3f\n",
        63 - __builtin_clzll(static_cast<unsigned long long>(segments)),
        static_cast<long long>(len), tk[tk.size() / 2], tk[0], tc[tc.size() / 2], tc[0],
        tk[tk.size() / 2] / tc[tc.size() / 2]);
  }
  return 0;
}
