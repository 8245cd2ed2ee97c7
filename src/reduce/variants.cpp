// The reduce variants, written once for every execution space. Each functor
// is one algorithm; make_typed_case wires them to the runner.
#include <cstdint>
#include <execution>
#include <limits>
#include <numeric>
#include <type_traits>

#include <kp/reduce.hpp>

#include "harness/variants.hpp"
#include "primitives/block/block_reduce.hpp"
#include "primitives/warp/warp_reduce.hpp"
#include "reduce/block_emulated.hpp"
#include "reduce/cub_sum.hpp"
#include "reduce/reduce_app.hpp"
#ifdef KP_HAVE_KOKKOS_KERNELS
#include <KokkosBlas1_sum.hpp>
#endif

namespace bench::reduce {

template <class Space, class T>
struct SumElements {
  View<const T*, Space> x;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i, T& sum) const { sum += x(i); }
};

template <class Space, class T>
struct AtomicAddElements {
  View<const T*, Space> x;
  View<T*, Space> result;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    Kokkos::atomic_add(&result(0), x(i));
  }
};

// Each thread sums a grid-strided slice into a register, then the team folds
// its threads' sums with the shared-memory tree; out(team) is the team's sum.
template <class Space, class T>
struct BlockTreeSum {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  View<const T*, Space> in;
  View<T*, Space> out;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    T* shared = static_cast<T*>(team.team_scratch(0).get_shmem(sizeof(T) * team.team_size()));
    const std::int64_t n = in.extent(0);
    const std::int64_t stride = std::int64_t{team.league_size()} * team.team_size();
    T sum = 0;
    for (std::int64_t i = std::int64_t{team.league_rank()} * team.team_size() + team.team_rank();
         i < n; i += stride) {
      sum += in(i);
    }
    sum = block::tree_reduce(team, shared, sum);
    if (team.team_rank() == 0) out(team.league_rank()) = sum;
  }
};

// Each vector lane sums a strided slice, the lanes of a team thread combine
// by warp shuffle, then the team threads by the shared-memory tree.
template <class Space, class T>
struct WarpShuffleSum {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  View<const T*, Space> in;
  View<T*, Space> out;
  int width;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const int threads = team.team_size();
    T* lanes = static_cast<T*>(team.team_scratch(0).get_shmem(sizeof(T) * threads * width));
    T* exchange = static_cast<T*>(team.team_scratch(0).get_shmem(sizeof(T) * threads * width));
    T* shared = static_cast<T*>(team.team_scratch(0).get_shmem(sizeof(T) * threads));
    T* my_lanes = lanes + team.team_rank() * width;
    const std::int64_t n = in.extent(0);
    const std::int64_t stride = std::int64_t{team.league_size()} * threads * width;
    const std::int64_t first =
        (std::int64_t{team.league_rank()} * threads + team.team_rank()) * width;
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, width), [&](int lane) {
      T sum = 0;
      for (std::int64_t i = first + lane; i < n; i += stride) sum += in(i);
      my_lanes[lane] = sum;
    });
    const T thread_sum =
        warp::shuffle_reduce(team, my_lanes, exchange + team.team_rank() * width, width);
    const T sum = block::tree_reduce(team, shared, thread_sum);
    Kokkos::single(Kokkos::PerTeam(team), [&] { out(team.league_rank()) = sum; });
  }
};

namespace {

template <class Space, class Functor>
void launch_teams(const char* label, const Functor& functor, Launch launch,
                  std::size_t scratch_bytes, int vector = 1) {
  auto policy = Kokkos::TeamPolicy<Space>(launch.league, launch.team, vector)
                    .set_scratch_size(0, Kokkos::PerTeam(scratch_bytes));
  Kokkos::parallel_for(label, policy, functor);
}

// Two launches of a team-level reduction: the array into one partial per
// team, then the partials into result(0) with a single team.
template <class Space, class T, template <class, class> class Algorithm, class... Extra>
void two_pass(const char* label, View<const T*, Space> x, View<T*, Space> partials,
              View<T*, Space> result, Launch launch, std::size_t scratch_per_thread, int vector,
              Extra... extra) {
  const std::size_t scratch = scratch_per_thread * launch.team;
  launch_teams<Space>(label, Algorithm<Space, T>{x, partials, extra...}, launch, scratch, vector);
  const View<const T*, Space> first = Kokkos::subview(partials, std::make_pair(0, launch.league));
  launch_teams<Space>(label, Algorithm<Space, T>{first, result, extra...}, {1, launch.team},
                      scratch, vector);
}

}  // namespace

template <class Space, class T>
SpaceCase make_typed_case(const Input<T>& input) {
  const auto part = my_part(input.values);  // this rank's (all on one rank)
  const std::int64_t n = part.extent(0);
  View<T*, Space> x(Kokkos::view_alloc(Kokkos::WithoutInitializing, "reduce x"), n);
  Kokkos::deep_copy(x, part);
  const View<const T*, Space> in = x;
  const View<T*, Space> result("reduce result", 1);
  const Launch launch = whole_array_launch<Space>(n);
  // A GPU warp is 32 lanes; on the host the lanes are a loop, kept at 32 so
  // that the algorithm is the same one.
  constexpr int kWidth = 32;
  const Launch warp_launch =
      whole_array_launch<Space>((n + kWidth - 1) / kWidth, is_gpu_space<Space>() ? 8 : 1);
  const View<T*, Space> partials(
      "reduce partials", static_cast<std::size_t>(std::max(launch.league, warp_launch.league)));

  SpaceCase c;
  c.bytes_per_run = static_cast<double>(n) * sizeof(T);
  c.items_per_run = static_cast<double>(n);
  const auto check_result = [&input, result] {
    const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), result);
    return check_sum(input, host(0));
  };
  const auto poison = [result] { Kokkos::deep_copy(result, poison_value<T>()); };

  // Under MPI: the ranks' sums folded in rank order, as kp::mpi::reduce does.
  c.combine = [result] {
    const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), result);
    T sum = 0;
    for (const T partial : all_gather(host(0))) sum += partial;
    Kokkos::deep_copy(Kokkos::subview(result, 0), sum);
  };

  // The library call, as a user makes it (kp/reduce.hpp): what users get.
#ifdef KP_HAVE_MPI
  c.variants.push_back({"kp",
                        [=] {
                          Kokkos::deep_copy(Kokkos::subview(result, 0),
                                            kp::mpi::reduce(world(), Space(), in));
                        },
                        check_result, poison});
  c.variants.back().global = true;
#else
  c.variants.push_back(
      {"kp", [=] { kp::reduce(Space(), in, Kokkos::subview(result, 0)); }, check_result, poison});
#endif
#ifndef KP_HAVE_MPI
  // The correctly rounded sum (kp::reproducible): the exact value's bits.
  if constexpr (std::is_floating_point_v<T>) {
    const auto check_exact_result = [&input, result] {
      const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), result);
      return check_exact(input, host(0));
    };
    c.variants.push_back({"kp-reproducible",
                          [=] {
                            Kokkos::deep_copy(Kokkos::subview(result, 0),
                                              kp::reduce(Space(), in, kp::reproducible));
                          },
                          check_exact_result, poison});
  }
#endif
  c.variants.push_back({"kokkos",
                        [=] {
                          Kokkos::parallel_reduce(
                              "reduce::kokkos", Kokkos::RangePolicy<Space>(0, n),
                              SumElements<Space, T>{in}, Kokkos::subview(result, 0));
                        },
                        check_result, poison});
  c.variants.push_back({"block-tree",
                        [=] {
                          two_pass<Space, T, BlockTreeSum>("reduce::block-tree", in, partials,
                                                           result, launch, sizeof(T), 1);
                        },
                        check_result, poison});
  c.variants.push_back({"warp-shuffle",
                        [=] {
                          two_pass<Space, T, WarpShuffleSum>(
                              "reduce::warp-shuffle", in, partials, result, warp_launch,
                              sizeof(T) * (2 * kWidth + 1), kWidth, kWidth);
                        },
                        check_result, poison});
  c.variants.push_back({"atomic",
                        [=] {
                          Kokkos::deep_copy(result, T(0));
                          Kokkos::parallel_for("reduce::atomic", Kokkos::RangePolicy<Space>(0, n),
                                               AtomicAddElements<Space, T>{in, result});
                        },
                        check_result, poison});
  // 16-byte loads, one launch: the library's vector reduction, named.
  c.variants.push_back(
      {"vector",
       [=] { kp::reduce(Space(), in, Kokkos::subview(result, 0), kp::ReduceAlgorithm::vector); },
       check_result, poison});
#ifdef KOKKOS_ENABLE_CUDA
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    c.variants.push_back({"cub", make_cub_sum<T>(in, result), check_result, poison});
  }
#endif
#ifdef KOKKOS_ENABLE_SERIAL
  // The block-tree algorithm on the coroutine block emulator: host only, and
  // one host thread, so Serial alone.
  if constexpr (std::is_same_v<Space, Kokkos::Serial>) {
    c.variants.push_back({"block-emulated", [=] { result(0) = block_emulated_sum(in.data(), n); },
                          check_result, poison});
    // The CPU baselines a C++ programmer reaches for first: a plain loop and
    // std::reduce. Its parallel policies need TBB under libstdc++, which the
    // build machines lack, so it runs unsequenced (vectorized) on one thread.
    c.variants.push_back({"plain-loop",
                          [=] {
                            T sum = 0;
                            for (std::int64_t i = 0; i < n; ++i) sum += in(i);
                            result(0) = sum;
                          },
                          check_result, poison});
    c.variants.push_back(
        {"std-reduce",
         [=] { result(0) = std::reduce(std::execution::unseq, in.data(), in.data() + n, T(0)); },
         check_result, poison});
  }
#endif
#ifdef KP_HAVE_KOKKOS_KERNELS
  // KokkosBlas::sum returns to the host: the baseline a library user gets.
  c.variants.push_back({"kokkos-kernels", [=] { Kokkos::deep_copy(result, KokkosBlas::sum(in)); },
                        check_result, poison});
#endif
#ifdef KOKKOS_ENABLE_OPENMP
  // The multi-core host baselines, on the openmp row since they use every
  // core: a plain OpenMP loop (`simd` lets it reassociate the sum into
  // vector lanes), and std::reduce with par_unseq, which libstdc++ runs on
  // TBB's threads (not Kokkos').
  if constexpr (std::is_same_v<Space, Kokkos::OpenMP>) {
    const int threads = Space().concurrency();
    c.variants.push_back({"omp-simd",
                          [=] {
                            const T* x = in.data();
                            T sum = 0;
#pragma omp parallel for simd reduction(+ : sum) num_threads(threads)
                            for (std::int64_t i = 0; i < n; ++i) sum += x[i];
                            result(0) = sum;
                          },
                          check_result, poison});
#ifdef KP_HAVE_STD_PAR
    start_tbb_on_openmp_cpus();
    c.variants.push_back({"std-reduce",
                          [=] {
                            result(0) = std::reduce(std::execution::par_unseq, in.data(),
                                                    in.data() + n, T(0));
                          },
                          check_result, poison});
#endif
  }
#endif
  set_kind(c, {"kokkos", "cub", "plain-loop", "std-reduce", "kokkos-kernels", "omp-simd"},
           "baseline");
  return c;
}

#define KP_REDUCE_INSTANTIATE(Space)                                       \
  template SpaceCase make_typed_case<Space, float>(const Input<float>&);   \
  template SpaceCase make_typed_case<Space, double>(const Input<double>&); \
  template SpaceCase make_typed_case<Space, std::int64_t>(const Input<std::int64_t>&);
KP_FOR_EACH_SPACE(KP_REDUCE_INSTANTIATE)

}  // namespace bench::reduce
