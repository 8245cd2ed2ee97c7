#pragma once
// Shared by the library's tests: host data into a View of the space under
// test, in the three shapes a user may pass (contiguous, starting at an odd
// offset, strided), and the sizes around the kernels' tile edges.
#include <Kokkos_Core.hpp>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <kp/algorithm.hpp>
#include <kp/impl/core/common.hpp>

#include "common/spaces.hpp"

namespace kp::test {

// Sizes around the edges: packs (16 bytes), GPU tiles (2048 / 4096),
// host tiles (2048), and a few chunks per host thread.
inline const std::vector<std::int64_t> kEdgeSizes = {0,    1,    2,    3,    31,   32,   33,
                                                     2047, 2048, 2049, 4095, 4096, 4097, 65537};

enum class Shape { contiguous, odd_offset, strided };
inline const std::vector<Shape> kShapes = {Shape::contiguous, Shape::odd_offset, Shape::strided};
inline std::string shape_name(Shape s) {
  return s == Shape::contiguous ? "contiguous" : s == Shape::odd_offset ? "odd offset" : "strided";
}

template <class Space, class T>
using StridedView = Kokkos::View<T*, Kokkos::LayoutStride, typename Space::memory_space>;

// A View of the space's memory holding `host`, in the given shape (odd
// offset: one element in, so 16-byte loads are misaligned; strided: every
// third element of a larger array).
// dst(i) = src(i) on the space: Kokkos' deep_copy between spaces needs
// contiguous views, a strided one goes through this.
template <class Dst, class Src>
struct CopyElements {
  Dst dst;
  Src src;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const { dst(i) = src(i); }
};
template <class Space, class Dst, class Src>
void copy_elements(const Dst& dst, const Src& src) {
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, dst.extent(0)),
      CopyElements<Dst, Src>{dst, src});
  Kokkos::fence();
}

template <class Space, class T>
StridedView<Space, T> to_space(const std::vector<T>& host, Shape shape) {
  const std::size_t n = host.size();
  using Memory = typename Space::memory_space;
  StridedView<Space, T> view;
  if (shape == Shape::strided) {
    Kokkos::View<T**, Kokkos::LayoutRight, Memory> matrix("matrix", n, 3);
    view = Kokkos::subview(matrix, Kokkos::ALL(), 1);
  } else if (shape == Shape::odd_offset) {
    Kokkos::View<T*, Memory> storage("storage", n + 1);
    view = Kokkos::subview(storage, std::make_pair(std::size_t{1}, n + 1));
  } else {
    view = Kokkos::View<T*, Memory>("storage", n);
  }
  Kokkos::View<T*, Memory> contiguous("contiguous", n);
  const auto mirror = Kokkos::create_mirror_view(contiguous);
  for (std::size_t i = 0; i < n; ++i) mirror(i) = host[i];
  Kokkos::deep_copy(contiguous, mirror);
  copy_elements<Space>(view, contiguous);
  return view;
}

// The scan algorithms the space runs (sequential: host spaces only).
template <class Space>
std::vector<kp::ScanAlgorithm> scan_algorithms() {
  std::vector<kp::ScanAlgorithm> algorithms = {kp::ScanAlgorithm::automatic,
                                               kp::ScanAlgorithm::kokkos,
                                               kp::ScanAlgorithm::decoupled_lookback};
  if (!kp::impl::is_gpu_space<Space>()) algorithms.push_back(kp::ScanAlgorithm::sequential);
  return algorithms;
}

// The elements of a View of the space, on the host.
template <class Space, class View>
std::vector<typename View::non_const_value_type> to_host(const View& v) {
  using T = typename View::non_const_value_type;
  Kokkos::View<T*, typename Space::memory_space> contiguous("contiguous", v.extent(0));
  copy_elements<Space>(contiguous, v);
  const auto mirror = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), contiguous);
  return std::vector<T>(mirror.data(), mirror.data() + mirror.extent(0));
}

// The chi-square quantile that a correct sampler exceeds once in 10^6
// (Wilson-Hilferty).
inline double chi_square_limit(int dof) {
  const double z = 4.753, d = double(dof > 1 ? dof : 1);
  const double t = 1 - 2 / (9 * d) + z * std::sqrt(2 / (9 * d));
  return d * t * t * t;
}

}  // namespace kp::test
