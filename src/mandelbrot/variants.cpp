// The mandelbrot variants, written once for every execution space: both
// compute escape_count per pixel and differ only in how pixels are spread
// over threads.
#include <cstdint>
#include <limits>

#include "harness/spaces.hpp"
#include "mandelbrot/lanes.hpp"
#include "mandelbrot/mandelbrot_app.hpp"

namespace bench::mandelbrot {

template <class Space>
struct PixelsByMDRange {
  Frame frame;
  View<Iterations*, Space> image;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t row, std::int64_t column) const {
    image(row * frame.width + column) = escape_count(frame, row, column);
  }
};

template <class Space>
struct RowPerTeam {
  using Policy = Kokkos::TeamPolicy<Space, Kokkos::Schedule<Kokkos::Dynamic>>;
  Frame frame;
  View<Iterations*, Space> image;
  KOKKOS_INLINE_FUNCTION void operator()(const typename Policy::member_type& team) const {
    const std::int64_t row = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, frame.width), [&](std::int64_t column) {
      image(row * frame.width + column) = escape_count(frame, row, column);
    });
  }
};

// Host: a thread per row, its pixels in SIMD lanes (lanes.hpp).
template <class Space>
struct RowInLanes {
  Frame frame;
  View<Iterations*, Space> image;
  LaneForm form;
  void operator()(std::int64_t row) const {
    escape_row(frame, row, image.data() + row * frame.width, form);
  }
};

template <class Space>
SpaceCase make_space_case(const Frame& frame, const std::vector<Iterations>& reference,
                          std::shared_ptr<ImageWriter> writer) {
  const std::int64_t pixels = frame.width * frame.height;
  const View<Iterations*, Space> image(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "mandelbrot image"), pixels);
  using MDPolicy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
  const MDPolicy md({0, 0}, {frame.height, frame.width});
  using TeamPolicy = typename RowPerTeam<Space>::Policy;
  // On a GPU a team of 4 warps shares a row; on the host a team is a thread.
  const TeamPolicy rows = is_gpu_space<Space>() ? TeamPolicy(static_cast<int>(frame.height), 4, 32)
                                                : TeamPolicy(static_cast<int>(frame.height), 1, 1);

  SpaceCase c;
  c.bytes_per_run = static_cast<double>(pixels) * sizeof(Iterations);
  c.items_per_run = static_cast<double>(pixels);
  const auto check = [&frame, &reference, image, writer] {
    const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), image);
    Check result = check_image(frame, reference, host.data());
    if (writer) writer->write_once(frame, host.data(), result.pass);
    return result;
  };
  // More than any count can be, so an unwritten pixel fails the check.
  const auto poison = [image] { Kokkos::deep_copy(image, std::numeric_limits<Iterations>::max()); };
  c.variants.push_back(
      {"mdrange",
       [=] {
         Kokkos::parallel_for("mandelbrot::mdrange", md, PixelsByMDRange<Space>{frame, image});
       },
       check, poison});
  c.variants.push_back(
      {"team-rows",
       [=] {
         Kokkos::parallel_for("mandelbrot::team-rows", rows, RowPerTeam<Space>{frame, image});
       },
       check, poison});
  if constexpr (!is_gpu_space<Space>()) {
    using RowPolicy = Kokkos::RangePolicy<Space, Kokkos::Schedule<Kokkos::Dynamic>,
                                          Kokkos::IndexType<std::int64_t>>;
    c.variants.push_back({"simd-rows",
                          [=] {
                            Kokkos::parallel_for("mandelbrot::simd-rows",
                                                 RowPolicy(0, frame.height),
                                                 RowInLanes<Space>{frame, image, best_lane_form()});
                          },
                          check, poison});
  }
  return c;
}

#define KP_MANDELBROT_INSTANTIATE(Space)                                                  \
  template SpaceCase make_space_case<Space>(const Frame&, const std::vector<Iterations>&, \
                                            std::shared_ptr<ImageWriter>);
KP_FOR_EACH_SPACE(KP_MANDELBROT_INSTANTIATE)

}  // namespace bench::mandelbrot
