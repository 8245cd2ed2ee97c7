#pragma once
// mandelbrot: escape-time iteration counts of an image of the Mandelbrot set,
// one independent (and unevenly expensive) computation per pixel.
#include <memory>

#include "harness/app.hpp"
#include "harness/npy.hpp"
#include "mandelbrot/frame.hpp"

namespace bench::mandelbrot {

// Writes the image (--out) and the escape counts (--output, .npy) once, from
// the host copy of the first checked variant's image, and only when its check
// passed (so the picture is one a variant computed, not the reference).
class ImageWriter {
 public:
  // `image_path` may be empty; `counts` may be null (no --output).
  ImageWriter(std::string image_path, npy::FirstResult* counts)
      : path_(std::move(image_path)), counts_(counts) {}
  void write_once(const Frame& frame, const Iterations* image, bool pass);
  // Whether a variant's image was offered (and written, when its check passed).
  bool offered() const { return written_; }

 private:
  std::string path_;
  npy::FirstResult* counts_;
  bool written_ = false;
};

class MandelbrotApp : public AppBase {
 public:
  KP_APP("mandelbrot", 6400,
         "Computes escape-time iteration counts of a --size x --size image of the Mandelbrot set "
         "(--width/--height override either side) with every variant on every enabled execution "
         "space, and checks each image against the host reference bit for bit.");

  std::string params() const;

 private:
  // --width/--height as given ("" = --size), parsed against the size.
  std::int64_t side(const std::string& text, const char* option,
                    const CommonOptions& options) const;
  std::string width_, height_;
  std::uint64_t iterations_ = 50;
  std::string region_ = "-2,-1.5,1,1.5";
  std::string out_;
  Frame frame_;
  std::vector<Iterations> reference_;
  std::shared_ptr<ImageWriter> writer_;
};

// The variants on one space (explicitly instantiated in variants.cpp):
//   mdrange:   MDRangePolicy<Rank<2>> over (row, column), Kokkos' tiling;
//   team-rows: one team per row, dynamically scheduled, TeamVectorRange over
//              the columns (rows through the set cost up to --iterations per
//              pixel, rows outside it a few: dynamic rows balance the load).
// `writer` may be null (no --out).
template <class Space>
SpaceCase make_space_case(const Frame& frame, const std::vector<Iterations>& reference,
                          std::shared_ptr<ImageWriter> writer);

}  // namespace bench::mandelbrot
