#include "scan/scan_app.hpp"
#include "harness/cli.hpp"

namespace bench::scan {

std::vector<std::string> ScanApp::variant_names() const {
  std::vector<std::string> names = {"kp", "kokkos", "tiled", "decoupled-lookback",
                                    "std-scan"};  // std-scan: Serial, and OpenMP with TBB
#if defined(KOKKOS_ENABLE_CUDA)
  names.push_back("cub");  // cuda space only
#endif
#ifndef KP_HAVE_MPI
  // The other scan forms (forms.hpp): cub-* on CUDA, std-* on the hosts.
  for (const char* form :
       {"kp-max", "kp-copy-if", "kp-transform", "kp-segmented", "kp-segmented-unchecked",
        "kp-segmented-scan", "kp-segmented-scan-unchecked", "kp-pairs", "std-max", "std-copy-if",
        "std-segmented", "std-segmented-scan", "std-pairs", "cub-max", "cub-select-if",
        "cub-segmented", "cub-segmented-scan", "cub-pairs"}) {
    names.push_back(form);
  }
#endif
  return names;
}

void ScanApp::add_options(Cli& cli) {
  cli.add_option("--kind", kind_, "inclusive (x[0..i]) or exclusive (x[0..i-1]) prefix sums")
      ->check(CLI::IsMember({"inclusive", "exclusive"}));
  cli.add_option("--type", type_, "element type")
      ->check(CLI::IsMember({"int32", "int64", "float", "double"}));
  cli.add_option("--data", data_,
                 "input integers: random in [-8,8], all 1, descending 8..-8, or +-the largest "
                 "exact magnitude")
      ->check(CLI::IsMember({"random", "equal", "descending", "extremes"}));
  cli.add_option("--select", select_,
                 "random values, +(100-P) with probability P% and -P otherwise, so that the "
                 "copy_if rows keep P% of them")
      ->check(CLI::Range(1, 99))
      ->excludes("--data");
  cli.add_option("--segment", segment_, "values in each segment of the segmented rows")
      ->transform(Size())
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
  cli.add_option("--segment-lengths", segment_lengths_,
                 "the segmented rows' lengths: all --segment, or powerlaw: --segment on average, "
                 "drawn from a Pareto law of index 1.5 (a few long segments among many short)")
      ->check(CLI::IsMember({"uniform", "powerlaw"}));
  add_input_option(cli,
                   "scan the values of this 1-D .npy file (int32, int64, float32, float64; "
                   "floats must be integers) instead: its dtype sets --type, its length --size")
      ->excludes("--type")
      ->excludes("--data")
      ->excludes("--select");
  add_output_option(cli,
                    "write the prefix sums of the first variant, once its check passed, to this "
                    ".npy file");
}

void ScanApp::load(CommonOptions& options) {
  // The plain prefix sums' rows write it; the other forms compute other things.
  register_output(options, {"kp", "kokkos", "tiled", "decoupled-lookback", "std-scan", "cub"});
  file_ = read_input_file(options);
  if (!file_) return;
  const std::string& d = file_->descr;
  type_ = d == "<i4" ? "int32" : d == "<i8" ? "int64" : d == "<f4" ? "float" : "double";
  data_ = "file";
}

double ScanApp::host_bytes(const CommonOptions& options) const {
  const double element = type_ == "float" || type_ == "int32" ? 4 : 8;
  // The input and reference on the host, a space's copy of the input and its
  // output (host memory on a host space), and the segmented rows' offsets.
  const double segments = static_cast<double>(options.size) / static_cast<double>(segment_) + 1;
  return 4.0 * static_cast<double>(options.size) * element + 8.0 * segments;
}

void ScanApp::prepare(const CommonOptions& options) {
  with_input([&](auto& input) {
    using T = typename std::decay_t<decltype(input.values)>::value_type;
    if (file_) {
      input = input_from_values(std::get<std::vector<T>>(file_->values), parse_kind(kind_),
                                input_where());
    } else {
      input = make_input<T>(options.size, parse_kind(kind_),
                            select_ > 0 ? Data::select : parse_data(data_), select_);
    }
    input.output = &output_;
    input.segment = segment_;
    input.powerlaw = segment_lengths_ == "powerlaw";
  });
  file_.reset();
}

template <class Space>
SpaceCase ScanApp::make_case(const CommonOptions&) {
  return with_input([](const auto& input) { return make_typed_case<Space>(input); });
}

KP_APP_CASES(ScanApp)

}  // namespace bench::scan
