// What this folder's segmented-reduce programs (segbench.cpp,
// segprobe.cpp) share: 2^26-style inputs in equal segments beside CUB's
// DeviceSegmentedReduce::Sum, and the segment teams' fold and combine alone
// as a bare kernel (no queue, no offsets check, no report).
#pragma once
#include <cub/cub.cuh>

#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstdlib>
#include <kp/segmented.hpp>
#include <vector>

namespace segments {

using S = Kokkos::Cuda;

// The lengths given on the command line, or `defaults`.
inline std::vector<std::int64_t> lengths(int argc, char** argv,
                                         std::vector<std::int64_t> defaults) {
  std::vector<std::int64_t> given;
  for (int a = 1; a < argc; ++a) given.push_back(std::atoll(argv[a]));
  return given.empty() ? defaults : given;
}

// 2^26 small integers (every sum exact in any order).
inline Kokkos::View<float*, S> input() {
  Kokkos::View<float*, S> x("x", std::int64_t{1} << 26);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<S>(0, x.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i) { x(i) = float(i % 7) - 3.0f; });
  return x;
}

// The segment teams' work as a bare CUDA kernel: a block of kThreads a
// segment, its fold and combine as kp's.
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

// The offsets of `segments` segments of `len` values.
inline Kokkos::View<std::int64_t*, S> equal_offsets(std::int64_t segments, std::int64_t len) {
  Kokkos::View<std::int64_t*, S> offsets("offsets", segments + 1);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<S>(0, segments + 1),
      KOKKOS_LAMBDA(std::int64_t s) { offsets(s) = s * len; });
  return offsets;
}

// x in equal segments of `len` values: the offsets, kp's and CUB's outputs,
// CUB's temporary storage.
struct EqualSegments {
  Kokkos::View<float*, S> x;
  std::int64_t len, segments;
  Kokkos::View<std::int64_t*, S> offsets;
  Kokkos::View<float*, S> kp_out, cub_out;
  Kokkos::View<char*, S> temp;
  std::size_t temp_bytes = 0;

  EqualSegments(Kokkos::View<float*, S> in, std::int64_t length)
      : x(in),
        len(length),
        segments(static_cast<std::int64_t>(in.extent(0)) / length),
        offsets(equal_offsets(segments, length)),
        kp_out("kp", segments),
        cub_out("cub", segments) {
    cub::DeviceSegmentedReduce::Sum(nullptr, temp_bytes, x.data(), cub_out.data(),
                                    static_cast<int>(segments), offsets.data(), offsets.data() + 1,
                                    S().cuda_stream());
    temp = Kokkos::View<char*, S>("temp", temp_bytes);
  }

  void cub() const {
    std::size_t bytes = temp_bytes;
    cub::DeviceSegmentedReduce::Sum(temp.data(), bytes, x.data(), cub_out.data(),
                                    static_cast<int>(segments), offsets.data(), offsets.data() + 1,
                                    S().cuda_stream());
  }

  // bare_segments into kp_out, with kp's team size for the mean length.
  void bare() const {
    const auto blocks = static_cast<unsigned>(segments);
    const cudaStream_t stream = S().cuda_stream();
    if (len >= 16384) {
      bare_segments<512><<<blocks, 512, 0, stream>>>(x.data(), offsets.data(), kp_out.data());
    } else if (len >= 2048) {
      bare_segments<256><<<blocks, 256, 0, stream>>>(x.data(), offsets.data(), kp_out.data());
    } else {
      bare_segments<32><<<blocks, 32, 0, stream>>>(x.data(), offsets.data(), kp_out.data());
    }
  }

  // The first segment where kp_out and cub_out differ, or -1.
  std::int64_t first_difference() const {
    const auto a = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), kp_out);
    const auto b = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), cub_out);
    for (std::int64_t s = 0; s < segments; ++s) {
      if (a(s) != b(s)) return s;
    }
    return -1;
  }
};

// The library's segment kernel (segment_teams_cuda: offsets check and
// queue branch) launched alone into e.kp_out, with kp's plan; no workspace,
// fence or report. Equal segments shorter than long_from are never queued,
// so the list and chunk owners are unused; `counters` (3) and `report` are
// the caller's.
struct LibraryTeams {
  using Op = kp::impl::UserOp<float, kp::impl::WrappingSum<float>>;
  using Teams = kp::impl::SegmentTeamsReduce<S, float, Kokkos::View<std::int64_t*, S>, Op>;
  Kokkos::View<kp::impl::SegmentCounter*, S> counters{"counters", 3};
  Kokkos::View<kp::impl::SegmentReport, S> report{"report"};
  kp::impl::SegmentPlan plan;
  Teams teams;
  std::int64_t segments;

  explicit LibraryTeams(const EqualSegments& e)
      : plan(kp::impl::segment_plan<float>(e.len)),
        teams{{e.x.data(), e.kp_out.data(), e.offsets, Op{0.0f, {}}, plan},
              static_cast<std::int64_t>(e.x.extent(0)),
              nullptr,
              nullptr,
              counters.data(),
              report.data()},
        segments(e.segments) {}
  bool queues() const { return segments > 0 && teams.n / segments >= plan.long_from; }
  void operator()() const { kp::impl::launch_segment_teams_bare(S(), teams, segments, plan.team); }
};

}  // namespace segments
