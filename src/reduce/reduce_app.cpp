#include "reduce/reduce_app.hpp"

#include <algorithm>

#include "harness/cli.hpp"

namespace bench::reduce {

std::vector<std::string> ReduceApp::variant_names() const {
  // kp-reproducible: float and double only (kp::reproducible), not under MPI.
  std::vector<std::string> names = {"kp",           "kp-reproducible", "kokkos", "block-tree",
                                    "warp-shuffle", "atomic",          "vector"};
#ifdef KOKKOS_ENABLE_SERIAL
  names.push_back("block-emulated");  // Serial only
  names.push_back("plain-loop");      // Serial only
  names.push_back("std-reduce");      // Serial (unseq); OpenMP too with TBB (par_unseq)
#elif defined(KOKKOS_ENABLE_OPENMP) && defined(KP_HAVE_STD_PAR)
  names.push_back("std-reduce");
#endif
#ifdef KOKKOS_ENABLE_OPENMP
  names.push_back("omp-simd");  // OpenMP only
#endif
#ifdef KP_HAVE_KOKKOS_KERNELS
  names.push_back("kokkos-kernels");
#endif
#ifdef KOKKOS_ENABLE_CUDA
  names.push_back("cub");  // cuda space only
#endif
  return names;
}

void ReduceApp::add_options(Cli& cli) {
  cli.add_option("--type", type_, "element type")
      ->check(CLI::IsMember({"float", "double", "int64"}));
  cli.add_option("--data", data_,
                 "input values: uniform reals in [-1,1), or small integers (exact sums)")
      ->check(CLI::IsMember({"uniform", "integers"}));
  add_input_option(cli,
                   "sum the values of this 1-D .npy file (float32, float64, int64; int32 widens "
                   "to int64) instead: its dtype sets --type, its length --size")
      ->excludes("--type")
      ->excludes("--data");
}

void ReduceApp::load(CommonOptions& options) {
  file_ = read_input_file(options);
  if (!file_) return;
  type_ = file_->descr == "<f4" ? "float" : file_->descr == "<f8" ? "double" : "int64";
  data_ = "file";
}

double ReduceApp::host_bytes(const CommonOptions& options) const {
  const double n = static_cast<double>(options.size), element = type_ == "float" ? 4 : 8;
  // The input and a space's copy of it (host memory on a host space).
  const double run = 2 * n * element;
  if (!file_) return run;
  // While prepare() turns --input into the input: the file's values, an
  // exact int64 copy of integers, and the input itself.
  const double file_element = file_->descr.back() == '4' ? 4 : 8;
  const double converted = file_->descr[1] == 'i' ? 8 : 0;
  return std::max(run, n * (file_element + converted + element));
}

void ReduceApp::prepare(const CommonOptions& options) {
  if (file_) {
    const std::string where = input_where();
    if (type_ == "float") {
      std::get<Input<float>>(inputs_) =
          input_from_values(std::get<std::vector<float>>(file_->values), where);
    } else if (type_ == "double") {
      std::get<Input<double>>(inputs_) =
          input_from_values(std::get<std::vector<double>>(file_->values), where);
    } else {
      std::get<Input<std::int64_t>>(inputs_) =
          input_from_values(npy::exact_values<std::int64_t>(*file_, where), where);
    }
    file_.reset();
    return;
  }
  if (type_ == "float") std::get<Input<float>>(inputs_) = make_input<float>(options.size, data_);
  if (type_ == "double") std::get<Input<double>>(inputs_) = make_input<double>(options.size, data_);
  if (type_ == "int64") {
    std::get<Input<std::int64_t>>(inputs_) = make_input<std::int64_t>(options.size, data_);
  }
}

template <class Space>
SpaceCase ReduceApp::make_case(const CommonOptions&) {
  if (type_ == "double") return make_typed_case<Space>(std::get<Input<double>>(inputs_));
  if (type_ == "int64") return make_typed_case<Space>(std::get<Input<std::int64_t>>(inputs_));
  return make_typed_case<Space>(std::get<Input<float>>(inputs_));
}

KP_APP_CASES(ReduceApp)

}  // namespace bench::reduce
