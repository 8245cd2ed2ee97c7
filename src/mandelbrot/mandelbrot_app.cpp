#include "mandelbrot/mandelbrot_app.hpp"

#include <stdexcept>

#include "harness/cli.hpp"
#include "mandelbrot/bmp.hpp"
#include "mandelbrot/png.hpp"

namespace bench::mandelbrot {

void ImageWriter::write_once(const Frame& frame, const Iterations* image, bool pass) {
  if (written_) return;
  written_ = true;
  if (!pass) return;
  if (counts_) {
    counts_->offer(
        pass, image,
        {static_cast<std::uint64_t>(frame.height), static_cast<std::uint64_t>(frame.width)});
  }
  if (path_.empty()) return;
  const auto pixel = [&](std::int64_t row, std::int64_t column) {
    return colour_of(image[row * frame.width + column], frame.max_iterations);
  };
  if (has_png_suffix(path_)) {
    write_png(path_, frame.width, frame.height, pixel);
  } else {
    write_bmp(path_, frame.width, frame.height, pixel);
  }
}

std::vector<std::string> MandelbrotApp::variant_names() const {
  return {"mdrange", "team-rows", "simd-rows"};
}

void MandelbrotApp::add_options(Cli& cli) {
  cli.add_option("--width", width_, "image width in pixels [default: --size]");
  cli.add_option("--height", height_, "image height in pixels [default: --size]");
  cli.add_option("--iterations", iterations_, "maximum iterations per pixel")
      ->transform(Size())
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1000000}));
  cli.add_option("--region", region_, "the rectangle x0,y0,x1,y1 of the complex plane");
  cli.add_option("--out", out_,
                 "write the image of the first variant, once its check passed: PNG for a name "
                 "ending in .png, else a 24-bit BMP")
      ->check(Path());
  add_output_option(cli,
                    "write the escape counts (height x width, uint32) of the first variant, once "
                    "its check passed, to this .npy file");
}

void MandelbrotApp::load(CommonOptions& options) {
  register_output(options);
  if (out_.empty()) return;
  if (has_png_suffix(out_) && !png_supported()) {
    throw UsageError("--out " + out_ +
                     ": this build has no PNG support (install libstb-dev and rebuild, or write "
                     "a .bmp)");
  }
  // Refused now, not after the whole run: a size the format cannot encode.
  const std::int64_t width = side(width_, "--width", options);
  const std::int64_t height = side(height_, "--height", options);
  const std::string why =
      has_png_suffix(out_) ? png_size_problem(width, height) : bmp_size_problem(width, height);
  if (!why.empty()) throw UsageError("--out " + out_ + ": " + why);
  options.outputs.push_back({"--out", out_, {}, [this] { return writer_ && writer_->offered(); }});
}

std::int64_t MandelbrotApp::side(const std::string& text, const char* option,
                                 const CommonOptions& options) const {
  const std::uint64_t value = text.empty() ? options.size : parse_size(text, option);
  if (value == 0) {
    throw UsageError(std::string(text.empty() ? "--size" : option) + " must be at least 1");
  }
  if (value > INT32_MAX) throw UsageError(std::string(option) + " is larger than 2^31 - 1");
  return static_cast<std::int64_t>(value);
}

double MandelbrotApp::host_bytes(const CommonOptions& options) const {
  // The reference and the host copy of a variant's image; a PNG adds its RGB
  // pixels and stb's filtered rows (3 + 3 bytes a pixel; the compressed
  // stream, far smaller for these images, is left out). The sides are read
  // as doubles so that a huge --size reports its memory, not overflow.
  const auto side_bytes = [&](const std::string& text, const char* option) {
    return static_cast<double>(text.empty() ? options.size : parse_size(text, option));
  };
  const double per_pixel = 2 * sizeof(Iterations) + (has_png_suffix(out_) ? 6 : 0);
  return side_bytes(width_, "--width") * side_bytes(height_, "--height") * per_pixel;
}

void MandelbrotApp::prepare(const CommonOptions& options) {
  frame_ = make_frame(side(width_, "--width", options), side(height_, "--height", options),
                      iterations_, region_);
  if (!out_.empty() || output_.pending()) {
    writer_ = std::make_shared<ImageWriter>(out_, output_.pending() ? &output_ : nullptr);
  }
  reference_ = reference_image(frame_);
}

std::string MandelbrotApp::params() const {
  return "width=" + std::to_string(frame_.width) + ",height=" + std::to_string(frame_.height) +
         ",iterations=" + std::to_string(iterations_) + ",region=" + region_;
}

template <class Space>
SpaceCase MandelbrotApp::make_case(const CommonOptions&) {
  return make_space_case<Space>(frame_, reference_, writer_);
}

KP_APP_CASES(MandelbrotApp)

}  // namespace bench::mandelbrot
