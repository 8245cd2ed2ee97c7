#include "histogram/histogram_app.hpp"

#include <algorithm>

#include "harness/cli.hpp"
#include "harness/npy.hpp"

namespace bench::histogram {

std::vector<std::string> HistogramApp::variant_names() const {
  std::vector<std::string> names = {"kp", "atomic", "scatter-duplicated", "scatter-atomic",
                                    "team-scratch"};
#if defined(KOKKOS_ENABLE_CUDA)
  names.push_back("cluster-dsm");
  names.push_back("cub");
#endif
#ifdef KOKKOS_ENABLE_SERIAL
  names.push_back("plain-loop");  // Serial only
#endif
#ifdef KOKKOS_ENABLE_OPENMP
  names.push_back("omp-private");  // OpenMP only
#endif
  return names;
}

void HistogramApp::add_options(Cli& cli) {
  cli.add_option("--bins", bins_, "number of bins")
      ->transform(Size())
      ->check(CLI::Range(std::uint64_t{1}, max_bins));
  cli.add_option("--dist", dist_,
                 "input values: uniform over a range a little wider than the bins, or skewed "
                 "(90% in 4 bins)")
      ->check(CLI::IsMember({"uniform", "skewed"}));
  add_input_option(cli,
                   "count the values of this 1-D .npy file instead (int32; int64 and "
                   "integer-valued floats that fit in int32): its length sets --size")
      ->excludes("--dist");
  add_output_option(cli,
                    "write the counts (uint64) of the first variant, once its check passed, to "
                    "this .npy file");
}

void HistogramApp::load(CommonOptions& options) {
  register_output(options);
  const auto array = read_input_file(options);
  if (!array) return;
  file_ = npy::exact_values<std::int32_t>(*array, input_where());
  dist_ = "file";
}

double HistogramApp::host_bytes(const CommonOptions& options) const {
  // The values and a space's copy of them; the reference counts, a space's
  // counts and a per-thread copy of them (the private-bins variants).
  return 2.0 * static_cast<double>(options.size) * sizeof(std::int32_t) +
         (2.0 + host_threads()) * static_cast<double>(bins_) * sizeof(Count);
}

void HistogramApp::prepare(const CommonOptions& options) {
  if (file_) {
    HostValues values(Kokkos::view_alloc(Kokkos::WithoutInitializing, "histogram input"),
                      file_->size());
    std::copy(file_->begin(), file_->end(), values.data());
    file_.reset();
    input_ = input_from_values(values, static_cast<int>(bins_));
  } else {
    input_ = make_input(options.size, static_cast<int>(bins_), dist_);
  }
  input_.output = &output_;
}

template <class Space>
SpaceCase HistogramApp::make_case(const CommonOptions&) {
  return make_space_case<Space>(input_);
}

KP_APP_CASES(HistogramApp)

}  // namespace bench::histogram
