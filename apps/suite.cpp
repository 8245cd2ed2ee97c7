// The whole suite in one run: every application at its default size (or
// --scale'd down) on every requested space, one table per application, and
// all rows in <results>/results.csv and results.json for
// scripts/plot_results.py.
#include <filesystem>
#include <iostream>

#include "harness/app.hpp"
#include "harness/cli.hpp"
// Each application is in the suite when the build has it (KP_APPS).
#ifdef KP_SUITE_HAS_BANDWIDTH
#include "bandwidth/bandwidth_app.hpp"
#endif
#ifdef KP_SUITE_HAS_REDUCE
#include "reduce/reduce_app.hpp"
#endif
#ifdef KP_SUITE_HAS_SCAN
#include "scan/scan_app.hpp"
#endif
#ifdef KP_SUITE_HAS_MINLOC
#include "minloc/minloc_app.hpp"
#endif
#ifdef KP_SUITE_HAS_HISTOGRAM
#include "histogram/histogram_app.hpp"
#endif
#ifdef KP_SUITE_HAS_ROULETTE
#include "roulette/roulette_app.hpp"
#endif
#ifdef KP_SUITE_HAS_MANDELBROT
#include "mandelbrot/mandelbrot_app.hpp"
#endif
#ifdef KP_SUITE_HAS_SORT
#include "sort/sort_app.hpp"
#endif

namespace {

struct SuiteOptions {
  std::string results = "results";
  std::uint64_t scale = 1;  // divide every default size by this
  std::vector<std::string> apps;
};

// The no-op tail of the application list in main().
struct NoApp {
  static constexpr const char* name = "";
};

template <class App>
void run_one(const bench::CommonOptions& common, const SuiteOptions& suite,
             std::vector<bench::Row>& all) {
  const auto& wanted = suite.apps;
  if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), App::name) == wanted.end()) return;
  App app;
  bench::CommonOptions options = common;
  options.size = std::max<std::uint64_t>(1, App::default_size / suite.scale);
  options.variants = bench::default_variants(app);
  options.progress = true;
  bench::check_host_memory(app.host_bytes(options) * bench::node_ranks(), App::name);
  app.prepare(options);
  const auto rows = bench::run_benchmarks(app, options);
  all.insert(all.end(), rows.begin(), rows.end());
  // The bandwidth app runs first: its rows give every later table its %ceil.
  bench::attach_ceilings(all);
  if (bench::rank() != 0) return;
  bench::print_table(std::cout, {all.end() - static_cast<std::ptrdiff_t>(rows.size()), all.end()});
  std::cout << "\n";
}
template <>
void run_one<NoApp>(const bench::CommonOptions&, const SuiteOptions&, std::vector<bench::Row>&) {}

template <class... Apps>
int run_suite(int argc, char** argv) {
  bench::MpiSession mpi(argc, argv);
  try {
    const auto kokkos_args = bench::split_kokkos_args(argc, argv);
    if (bench::kokkos_help(kokkos_args)) return 0;
    std::optional<bench::KokkosRuntime> runtime;
    bench::CommonOptions common;
    SuiteOptions suite;
    bench::Cli cli("suite", "Runs every application with its default options on every space.");
    bench::add_run_options(cli, common);
    cli.add_list("--apps", suite.apps, "applications to run");
    cli.add_option("--scale", suite.scale, "divide every default size by this")
        ->transform(bench::Size())
        ->check(CLI::Range(std::uint64_t{1}, UINT64_MAX));
    cli.add_option("--results", suite.results, "folder for results.csv and results.json")
        ->check(bench::Path());
    if (!cli.parse_command_line(argc, argv)) return 0;
    const std::vector<std::string> names = {Apps::name...};
    bench::expand_all(suite.apps, names);
    for (const auto& app : suite.apps) {
      if (std::find(names.begin(), names.end(), app) == names.end()) {
        throw bench::UsageError("unknown application '" + app + "'");
      }
    }
    bench::validate_common(common, {}, {});
    // On every rank (rank 0 writes): a refusal ends every rank alike.
    std::error_code made;
    std::filesystem::create_directories(suite.results, made);
    if (made) throw bench::UsageError("--results: " + suite.results + ": " + made.message());
    common.csv = suite.results + "/results.csv";
    common.json = suite.results + "/results.json";
    bench::check_outputs({{"--results", common.csv}, {"--results", common.json}});
    runtime.emplace(kokkos_args, common.spaces);
    std::vector<bench::Row> all;
    (run_one<Apps>(common, suite, all), ...);
    const bool pass =
        std::all_of(all.begin(), all.end(), [](const bench::Row& r) { return r.pass; });
    if (bench::rank() == 0) {
      bench::write_files(all, common.csv, common.json);
      std::cout << "results: " << common.csv << ", " << common.json << "\n";
      if (!pass) std::cerr << "suite: error: at least one check FAILED\n";
    }
    return all.empty() || !pass ? 1 : 0;
  } catch (const bench::UsageError& e) {
    if (bench::rank() == 0) bench::print_error("suite", e.what());
    return 2;
  } catch (const std::exception& e) {
    bench::print_error("suite", bench::rank_prefix() + e.what());
    return bench::abort_ranks(1);
  }
}

}  // namespace

int main(int argc, char** argv) {
  return run_suite<
#ifdef KP_SUITE_HAS_BANDWIDTH
      bench::bandwidth::BandwidthApp,
#endif
#ifdef KP_SUITE_HAS_REDUCE
      bench::reduce::ReduceApp,
#endif
#ifdef KP_SUITE_HAS_SCAN
      bench::scan::ScanApp,
#endif
#ifdef KP_SUITE_HAS_MINLOC
      bench::minloc::MinlocApp,
#endif
#ifdef KP_SUITE_HAS_HISTOGRAM
      bench::histogram::HistogramApp,
#endif
#ifdef KP_SUITE_HAS_ROULETTE
      bench::roulette::RouletteApp,
#endif
#ifdef KP_SUITE_HAS_MANDELBROT
      bench::mandelbrot::MandelbrotApp,
#endif
#ifdef KP_SUITE_HAS_SORT
      bench::sort::SortApp,
#endif
      NoApp>(argc, argv);
}
