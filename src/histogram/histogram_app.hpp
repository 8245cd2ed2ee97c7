#pragma once
// histogram: counts int32 values into B bins (clamped at both ends), by every
// variant on every enabled space.

#include "harness/app.hpp"
#include "histogram/input.hpp"

namespace bench::histogram {

class HistogramApp : public AppBase {
 public:
  KP_APP("histogram", std::uint64_t{1} << 26,
         "Counts --size int32 values into --bins bins (values below 0 in bin 0, values >= bins in "
         "the last bin) with every variant on every enabled execution space.");
  static constexpr std::uint64_t max_bins = std::uint64_t{1} << 24;

  std::string params() const { return "bins=" + std::to_string(bins_) + ",dist=" + dist_; }

 private:
  std::uint64_t bins_ = 256;
  std::string dist_ = "uniform";
  Input input_;
  std::optional<std::vector<std::int32_t>> file_;  // --input's values until prepare()
};

// The variants that can run on one space for this input (explicitly
// instantiated in variants.cpp for every enabled space). Variants the space,
// the device or B do not allow are left out, with one note on stderr.
template <class Space>
SpaceCase make_space_case(const Input& input);

}  // namespace bench::histogram
