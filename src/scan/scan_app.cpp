#include "scan/scan_app.hpp"

namespace kp::scan {

std::vector<std::string> ScanApp::variant_names() const {
  std::vector<std::string> names = {"kokkos", "tiled", "decoupled-lookback",
                                    "std-scan"};  // std-scan: Serial only
#if defined(KOKKOS_ENABLE_CUDA)
  names.push_back("cub");  // cuda space only
#endif
  return names;
}

void ScanApp::add_options(Cli& cli) {
  cli.add_string("--kind", &kind_, "inclusive (x[0..i]) or exclusive (x[0..i-1]) prefix sums",
                 {"inclusive", "exclusive"});
  cli.add_string("--type", &type_, "element type", {"int32", "int64", "float", "double"});
  cli.add_string("--data", &data_,
                 "input integers: random in [-8,8], all 1, descending 8..-8, or +-the largest "
                 "exact magnitude",
                 {"random", "equal", "descending", "extremes"});
}

double ScanApp::host_bytes(const CommonOptions& options) const {
  const double element = type_ == "float" || type_ == "int32" ? 4 : 8;
  // input and reference on the host, and the output where a host space runs
  return 3.0 * static_cast<double>(options.size) * element;
}

void ScanApp::prepare(const CommonOptions& options) {
  with_input([&](auto& input) {
    using T = typename std::decay_t<decltype(input.values)>::value_type;
    input = make_input<T>(options.size, parse_kind(kind_), parse_data(data_));
  });
}

template <class Space>
SpaceCase ScanApp::make_case(const CommonOptions&) {
  return with_input([](const auto& input) { return make_typed_case<Space>(input); });
}

#define KP_SCAN_APP_INSTANTIATE(Space) \
  template SpaceCase ScanApp::make_case<Space>(const CommonOptions&);
KP_FOR_EACH_SPACE(KP_SCAN_APP_INSTANTIATE)

}  // namespace kp::scan
