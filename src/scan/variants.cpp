// The scan variants, written once for every execution space: each algorithm
// lives in its own header; make_typed_case wires them to the runner.
#include <algorithm>
#include <cstdint>
#include <execution>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <kp/scan.hpp>

#include "harness/variants.hpp"
#include "scan/forms.hpp"
#include "scan/kokkos_scan.hpp"
#include "scan/pairs.hpp"
#include "scan/scan_app.hpp"
#include "scan/tiled.hpp"
#if defined(KOKKOS_ENABLE_CUDA)
#include <cub/cub.cuh>
#endif

namespace bench::scan {

namespace {

#if defined(KOKKOS_ENABLE_CUDA)
// CUB's device-wide scan on Kokkos' stream; the temporary storage is sized
// and allocated once, outside the timed runs.
template <class T>
class CubScan {
 public:
  CubScan(std::int64_t n, bool inclusive) : n_(n), inclusive_(inclusive) {
    std::size_t bytes = 0;
    launch(nullptr, bytes, nullptr, nullptr);
    // Never empty: a null temporary pointer would make CUB only size it again.
    temp_ = View<char*, Kokkos::Cuda>("scan cub temp", std::max<std::size_t>(bytes, 1));
  }

  void run(const T* in, T* out) const {
    std::size_t bytes = temp_.extent(0);
    launch(temp_.data(), bytes, in, out);
  }

 private:
  void launch(void* temp, std::size_t& bytes, const T* in, T* out) const {
    const cudaStream_t stream = Kokkos::Cuda().cuda_stream();
    const cudaError_t status =
        inclusive_ ? cub::DeviceScan::InclusiveSum(temp, bytes, in, out, n_, stream)
                   : cub::DeviceScan::ExclusiveSum(temp, bytes, in, out, n_, stream);
    if (status != cudaSuccess) {
      throw std::runtime_error(std::string("cub::DeviceScan: ") + cudaGetErrorString(status));
    }
  }

  std::int64_t n_;
  bool inclusive_;
  View<char*, Kokkos::Cuda> temp_;
};
#endif

}  // namespace

// Under MPI: adds the lower ranks' total to this rank's part of the scan.
template <class Space, class T>
struct AddOffset {
  View<T*, Space> out;
  T offset;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const { out(i) += offset; }
};

template <class Space, class T>
SpaceCase make_typed_case(const Input<T>& input) {
  const auto part = my_part(input.values);  // this rank's (all on one rank)
  const std::int64_t n = part.extent(0);
  const bool inclusive = input.kind == Kind::inclusive;
  View<T*, Space> x(Kokkos::view_alloc(Kokkos::WithoutInitializing, "scan x"), n);
  Kokkos::deep_copy(x, part);
  const View<const T*, Space> in = x;
  const View<T*, Space> out(Kokkos::view_alloc(Kokkos::WithoutInitializing, "scan out"), n);

  SpaceCase c;
  // Compulsory traffic: the input read once and the output written once.
  // `kokkos` and `tiled` actually move 3N (they read the input twice);
  // `decoupled-lookback` and `cub` move 2N.
  c.bytes_per_run = 2.0 * static_cast<double>(n) * sizeof(T);
  c.items_per_run = static_cast<double>(n);
  const auto check = [&input, out] {
    return check_scan<T>(input, Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out));
  };
  const auto poison = [out] { Kokkos::deep_copy(out, poison_value<T>()); };

  // Under MPI: each rank's scan of its part, then a pass adding the lower
  // ranks' totals (kp::mpi's scans add them in the scan instead).
  c.combine = [in, out, inclusive, n] {
    T total = 0;
    if (n > 0) {
      T last_out, last_in;
      Kokkos::deep_copy(last_out, Kokkos::subview(out, n - 1));
      Kokkos::deep_copy(last_in, Kokkos::subview(in, n - 1));
      total = inclusive ? last_out : last_out + last_in;
    }
    const std::vector<T> totals = all_gather(total);
    T offset = 0;
    for (int r = 0; r < rank(); ++r) offset += totals[r];
    if (rank() > 0) {
      Kokkos::parallel_for("scan::rank-offset", Kokkos::RangePolicy<Space>(0, n),
                           AddOffset<Space, T>{out, offset});
    }
  };

  // The library call, as a user makes it (kp/scan.hpp): what users get.
#ifdef KP_HAVE_MPI
  c.variants.push_back({"kp",
                        [=] {
                          if (inclusive) {
                            kp::mpi::inclusive_scan(world(), Space(), in, out);
                          } else {
                            kp::mpi::exclusive_scan(world(), Space(), in, out, T(0));
                          }
                        },
                        check, poison});
  c.variants.back().global = true;
#else
  c.variants.push_back({"kp",
                        [=] {
                          if (inclusive) {
                            kp::inclusive_scan(Space(), in, out);
                          } else {
                            kp::exclusive_scan(Space(), in, out, T(0));
                          }
                        },
                        check, poison});
#endif
  c.variants.push_back({"kokkos",
                        [=] { kokkos_scan<Space, T>("scan::kokkos", in, out, inclusive); }, check,
                        poison});
  const TiledScan<Space, T> tiled(tile_plan<Space>(n), inclusive);
  c.variants.push_back({"tiled", [=] { tiled.run(in, out); }, check, poison});
  // The library's look-back scan, named (kp::inclusive_scan's on GPUs and
  // on host spaces of several threads).
  c.variants.push_back({"decoupled-lookback",
                        [=] {
                          constexpr auto kLookback = kp::ScanAlgorithm::decoupled_lookback;
                          if (inclusive) {
                            kp::inclusive_scan(Space(), in, out, kLookback);
                          } else {
                            kp::exclusive_scan(Space(), in, out, T(0), kLookback);
                          }
                        },
                        check, poison});
#ifdef KOKKOS_ENABLE_SERIAL
  // The standard library's scans: the CPU baseline (one thread: libstdc++'s
  // parallel policies need TBB, which the build machines lack).
  if constexpr (std::is_same_v<Space, Kokkos::Serial>) {
    c.variants.push_back({"std-scan",
                          [=] {
                            const T* first = in.data();
                            if (inclusive) {
                              std::inclusive_scan(first, first + n, out.data());
                            } else {
                              std::exclusive_scan(first, first + n, out.data(), T(0));
                            }
                          },
                          check, poison});
  }
#endif
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    const CubScan<T> cub_scan(n, inclusive);
    c.variants.push_back({"cub", [=] { cub_scan.run(in.data(), out.data()); }, check, poison});
  }
#endif
#if defined(KOKKOS_ENABLE_OPENMP) && defined(KP_HAVE_STD_PAR)
  // The standard library's scans on every core: par_unseq, which libstdc++
  // runs on TBB's threads (not Kokkos').
  if constexpr (std::is_same_v<Space, Kokkos::OpenMP>) {
    start_tbb_on_openmp_cpus();
    c.variants.push_back(
        {"std-scan",
         [=] {
           const T* first = in.data();
           if (inclusive) {
             std::inclusive_scan(std::execution::par_unseq, first, first + n, out.data());
           } else {
             std::exclusive_scan(std::execution::par_unseq, first, first + n, out.data(), T(0));
           }
         },
         check, poison});
  }
#endif
  set_kind(c, {"kokkos", "std-scan", "cub"}, "baseline");
#ifndef KP_HAVE_MPI  // per-rank rows only: the ranks' combine pass adds sums
  add_other_forms(c, input, in, out);
  add_segmented_forms(c, input, in, out);
  add_pair_forms<Space>(c, inclusive, input.values.data(), in.data(), out.data(),
                        n * static_cast<std::int64_t>(sizeof(T)));
#endif
  return c;
}

#define KP_SCAN_INSTANTIATE(Space)                                                     \
  template SpaceCase make_typed_case<Space, std::int32_t>(const Input<std::int32_t>&); \
  template SpaceCase make_typed_case<Space, std::int64_t>(const Input<std::int64_t>&); \
  template SpaceCase make_typed_case<Space, float>(const Input<float>&);               \
  template SpaceCase make_typed_case<Space, double>(const Input<double>&);
KP_FOR_EACH_SPACE(KP_SCAN_INSTANTIATE)

}  // namespace bench::scan
