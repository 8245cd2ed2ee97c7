#include "minloc/minloc_app.hpp"

#include <algorithm>

#include "harness/cli.hpp"
#include "harness/npy.hpp"

namespace bench::minloc {

std::vector<std::string> MinlocApp::variant_names() const {
  std::vector<std::string> names = {"kp",       "kokkos-minloc", "reducer-first", "cas-naive",
                                    "cas-skip", "cas-tiebreak",  "vector"};
#ifdef KOKKOS_ENABLE_CUDA
  names.push_back("cub");  // runs on the cuda space only
#endif
#if defined(KOKKOS_ENABLE_SERIAL) || (defined(KOKKOS_ENABLE_OPENMP) && defined(KP_HAVE_STD_PAR))
  names.push_back("std-min-element");  // Serial, and OpenMP with TBB (par_unseq)
#endif
#ifdef KOKKOS_ENABLE_OPENMP
  names.push_back("omp-partials");  // OpenMP only
#endif
  return names;
}

std::vector<std::string> MinlocApp::default_variants() const {
  // Kokkos 3.4's MinLoc/MaxLoc join ignores the index on equal values, so on
  // CUDA it returns a later index of a tied extremum (FAIL on the H100 at
  // 2^26). It stays available by name, to show that, but a default run
  // checks only variants that implement the first-index contract.
  std::vector<std::string> names = variant_names();
  names.erase(std::find(names.begin(), names.end(), "kokkos-minloc"));
  return names;
}

void MinlocApp::add_options(Cli& cli) {
  cli.add_option("--op", op_, "which extremum: the first minimum or the first maximum")
      ->check(CLI::IsMember({"min", "max"}));
  cli.add_option("--data", data_,
                 "input values: integers 0..10000 stored in float (many tied extrema), or "
                 "uniform reals in [-1,1) (few ties)")
      ->check(CLI::IsMember({"integers", "uniform"}));
  add_input_option(cli,
                   "search the values of this 1-D .npy file instead (float32; float64, int32 and "
                   "int64 where every value is exact in float32; no NaN): its length sets --size")
      ->excludes("--data");
}

void MinlocApp::load(CommonOptions& options) {
  const auto array = read_input_file(options);
  if (!array) return;
  const std::string where = input_where();
  if (array->size() == 0) throw UsageError(where + " holds no values: it has no minimum");
  file_ = npy::exact_values<float>(*array, where);
  // NaN is unordered, so the first minimum would be undefined: refuse it now.
  const auto nan = std::find_if(file_->begin(), file_->end(), [](float x) { return x != x; });
  if (nan != file_->end()) {
    throw UsageError(where + ": value NaN at index " + std::to_string(nan - file_->begin()) +
                     ": NaN is unordered, so minloc/maxloc of this array is undefined");
  }
  data_ = "file";
}

double MinlocApp::host_bytes(const CommonOptions& options) const {
  // The input and a space's copy of it (host memory on a host space).
  return 2.0 * static_cast<double>(options.size) * sizeof(float);
}

void MinlocApp::prepare(const CommonOptions& options) {
  if (file_) {
    input_ = make_input(std::move(*file_), op_ == "max" ? Op::max : Op::min);
    file_.reset();
    return;
  }
  input_ = make_input(options.size, data_, op_ == "max" ? Op::max : Op::min);
}

template <class Space>
SpaceCase MinlocApp::make_case(const CommonOptions&) {
  return make_typed_case<Space>(input_);
}

KP_APP_CASES(MinlocApp)

}  // namespace bench::minloc
