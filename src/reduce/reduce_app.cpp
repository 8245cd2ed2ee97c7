#include "reduce/reduce_app.hpp"

namespace kp::reduce {

std::vector<std::string> ReduceApp::variant_names() const {
  std::vector<std::string> names = {"kokkos", "block-tree", "warp-shuffle", "atomic", "vector"};
#ifdef KOKKOS_ENABLE_SERIAL
  names.push_back("block-emulated");  // Serial only
  names.push_back("plain-loop");      // Serial only
  names.push_back("std-reduce");      // Serial only
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
  cli.add_string("--type", &type_, "element type", {"float", "double", "int64"});
  cli.add_string("--data", &data_,
                 "input values: uniform reals in [-1,1), or small integers (exact sums)",
                 {"uniform", "integers"});
}

double ReduceApp::host_bytes(const CommonOptions& options) const {
  const double element = type_ == "float" ? 4 : 8;
  return static_cast<double>(options.size) * element;
}

void ReduceApp::prepare(const CommonOptions& options) {
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

#define KP_REDUCE_APP_INSTANTIATE(Space) \
  template SpaceCase ReduceApp::make_case<Space>(const CommonOptions&);
KP_FOR_EACH_SPACE(KP_REDUCE_APP_INSTANTIATE)

}  // namespace kp::reduce
