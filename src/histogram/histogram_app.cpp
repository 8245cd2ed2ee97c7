#include "histogram/histogram_app.hpp"

namespace kp::histogram {

std::vector<std::string> HistogramApp::variant_names() const {
  std::vector<std::string> names = {"atomic", "scatter-duplicated", "scatter-atomic",
                                    "team-scratch"};
#if defined(KOKKOS_ENABLE_CUDA)
  names.push_back("cluster-dsm");
  names.push_back("cub");
#endif
  return names;
}

void HistogramApp::add_options(Cli& cli) {
  cli.add_size("--bins", &bins_, "number of bins", 1, max_bins);
  cli.add_string("--dist", &dist_,
                 "input values: uniform over a range a little wider than the bins, or skewed "
                 "(90% in 4 bins)",
                 {"uniform", "skewed"});
}

double HistogramApp::host_bytes(const CommonOptions& options) const {
  // The values, the reference counts and one copy of a variant's counts.
  return static_cast<double>(options.size) * sizeof(std::int32_t) +
         2.0 * static_cast<double>(bins_) * sizeof(Count);
}

void HistogramApp::prepare(const CommonOptions& options) {
  input_ = make_input(options.size, static_cast<int>(bins_), dist_);
}

template <class Space>
SpaceCase HistogramApp::make_case(const CommonOptions&) {
  return make_space_case<Space>(input_);
}

#define KP_HISTOGRAM_APP_INSTANTIATE(Space) \
  template SpaceCase HistogramApp::make_case<Space>(const CommonOptions&);
KP_FOR_EACH_SPACE(KP_HISTOGRAM_APP_INSTANTIATE)

}  // namespace kp::histogram
