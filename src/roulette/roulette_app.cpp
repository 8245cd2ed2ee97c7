#include "roulette/roulette_app.hpp"

#include <algorithm>

#include "harness/cli.hpp"

namespace bench::roulette {

std::vector<std::string> RouletteApp::variant_names() const {
  return {"kp",      "kp-alias", "kp-table",     "kp-indices",
          "classic", "alias",    "alias-atomic", "alias-parallel"};
}

void RouletteApp::add_options(Cli& cli) {
  cli.add_option("--draws", draws_, "number of draws M; 0 is valid (every count must then be 0)")
      ->transform(Size())
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40));
  cli.add_option("--seed", seed_, "seed of the random stream (same draws on every space)")
      ->transform(Size());
  cli.add_option("--weights", kind_,
                 "generated weights: all 1, i + 1, or mostly zero (zeros must never be drawn)")
      ->check(CLI::IsMember({"uniform", "ramp", "sparse"}));
  cli.add_option(
         "--weights-file", file_,
         "read the weights from this file, one non-negative number per line, or a 1-D .npy array "
         "(the file sets the number of weights)")
      ->check(Path())
      ->excludes("--size")
      ->excludes("--weights");
  add_output_option(cli,
                    "write the counts (uint64) of the first variant, once its check passed, to "
                    "this .npy file");
  cli.add_option("--output-indices", indices_file_,
                 "write the drawn items in draw order (uint32, one per draw) of the kp-indices "
                 "row, once its check passed, to this .npy file")
      ->check(Path());
}

void RouletteApp::load(CommonOptions& options) {
  register_output(options);
  set_output(indices_output_, indices_file_, "--output-indices", options, {"kp-indices"});
  if (file_.empty()) return;
  // Read now, before the memory check: the file sets the number of weights.
  file_weights_ = read_weight_values(file_);
  options.size = file_weights_->size();
}

double RouletteApp::host_bytes(const CommonOptions& options) const {
  const double n = static_cast<double>(options.size), threads = host_threads();
  const auto runs = [&](const char* variant) { return variant_runs(options.variants, variant); };
  // Per weight, for every run: the host weights, a space's weights, the
  // counts and a check's gathered counts or tally (8 each, the tally one at
  // a time). For the variants that run (make_space_case allocates only
  // theirs): classic's prefix sums (8); alias's and alias-atomic's table and
  // host builder (16 + 16); alias-parallel's table and builder (8 + 24);
  // a copy of the counts a thread (8 x threads, one set at a time) for the
  // ScatterView of classic, alias and alias-parallel and for kp-alias's host
  // draws; kp::AliasTable's build (24, one at a time) for kp-alias, kp-table
  // and kp-indices, and each one's table (8). Held to the measured peak
  // within 15% (tests/cli/memory_check.py); alias-parallel's counts are
  // allocated, not all touched (about 20% over its peak).
  double per_weight = 32;
  if (runs("classic")) per_weight += 8;
  if (builds_host_alias(options.variants)) per_weight += 32;
  if (runs("alias-parallel")) per_weight += 32;
  if (counts_through_scatter(options.variants) || runs("kp-alias")) per_weight += 8 * threads;
  if (runs("kp-alias") || runs("kp-table") || runs("kp-indices")) per_weight += 24;
  if (runs("kp-alias")) per_weight += 8;
  if (runs("kp-table")) per_weight += 8;
  if (runs("kp-indices")) per_weight += 8;
  // kp-indices: 4 bytes a draw.
  const double indices = runs("kp-indices") ? 4 * static_cast<double>(draws_) : 0;
  // The chi-square test's bins (two long doubles, at least 5 draws expected
  // in each), with a vector's room to grow.
  const double bins = std::min(n, static_cast<double>(draws_) / 5 + 1) * 2 * 32;
  return n * per_weight + indices + bins;
}

void RouletteApp::prepare(const CommonOptions& options) {
  problem_.weights =
      file_weights_ ? weights_from_values(*file_weights_) : make_weights(options.size, kind_);
  file_weights_.reset();
  problem_.draws = draws_;
  problem_.seed = seed_;
  problem_.output = &output_;
  problem_.indices_output = &indices_output_;
  problem_.variants = options.variants;
}

std::string RouletteApp::params() const {
  std::string text = "draws=" + std::to_string(draws_) + ",seed=" + std::to_string(seed_);
  if (file_.empty()) return text + ",weights=" + kind_;
  return text + ",weights=file,n=" + std::to_string(problem_.weights.values.extent(0));
}

template <class Space>
SpaceCase RouletteApp::make_case(const CommonOptions&) {
  return make_space_case<Space>(problem_);
}

KP_APP_CASES(RouletteApp)

}  // namespace bench::roulette
