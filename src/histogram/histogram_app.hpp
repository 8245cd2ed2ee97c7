#pragma once
// histogram: counts int32 values into B bins (clamped at both ends), by every
// variant on every enabled space.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/app.hpp"
#include "harness/npy.hpp"
#include "histogram/input.hpp"

namespace bench::histogram {

class HistogramApp {
 public:
  static constexpr const char* name = "histogram";
  static constexpr const char* summary =
      "Counts --size int32 values into --bins bins (values below 0 in bin 0, values >= bins in "
      "the last bin) with every variant on every enabled execution space.";
  static constexpr std::uint64_t default_size = std::uint64_t{1} << 26;
  static constexpr std::uint64_t max_bins = std::uint64_t{1} << 24;

  std::vector<std::string> variant_names() const;
  void add_options(Cli& cli);
  void load(CommonOptions& options);  // --input
  void prepare(const CommonOptions& options);
  double host_bytes(const CommonOptions& options) const;
  std::string params() const { return "bins=" + std::to_string(bins_) + ",dist=" + dist_; }

  template <class Space>
  SpaceCase make_case(const CommonOptions& options);

 private:
  std::uint64_t bins_ = 256;
  std::string dist_ = "uniform";
  Input input_;
  std::string input_file_;                         // --input FILE.npy
  std::optional<std::vector<std::int32_t>> file_;  // its values until prepare()
  std::string output_file_;                        // --output FILE.npy
  npy::FirstResult output_;
};

// The variants that can run on one space for this input (explicitly
// instantiated in variants.cpp for every enabled space). Variants the space,
// the device or B do not allow are left out, with one note on stderr.
template <class Space>
SpaceCase make_space_case(const Input& input);

}  // namespace bench::histogram
