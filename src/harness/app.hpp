#pragma once
// The runner shared by every application (RAJAPerf-style; its main() is
// harness/main.hpp's run_app): parse the command
// line, prepare host data and reference once, then for each requested space
// build the application's SpaceCase, measure and check every variant, and
// report all rows side by side.
//
// An application is a class (deriving from AppBase, which carries its
// --input and --output files) with:
//   static constexpr const char* name, *summary;
//   static constexpr std::uint64_t default_size;
//   std::vector<std::string> variant_names() const;     // every variant, all spaces
//   (optional) std::vector<std::string> default_variants() const;  // run when none named
//   void add_options(Cli&);                              // its own options
//   (optional) void load(CommonOptions&);               // read --input files, set the size
//   void prepare(const CommonOptions&);                  // validate, make input + reference
//   double host_bytes(const CommonOptions&) const;       // memory it will need, for the check:
//       every buffer at the run's peak in host memory (input, reference, a
//       space's copies and outputs, files read and written); tests/cli
//       holds it to the measured peak RSS
//   std::string params() const;                          // e.g. "type=float"
//   template <class Space> SpaceCase make_case(const CommonOptions&);
// Most declare the statics and the members every one of them defines with
// KP_APP(name, default size, summary), and instantiate make_case for every
// enabled space with KP_APP_CASES(TheApp) in their .cpp:
//
//   class ScanApp : public AppBase {
//    public:
//     KP_APP("scan", std::uint64_t{1} << 26, "Prefix sums of --size elements ...");
//     std::string params() const;
//     ...
//   };
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "harness/benchmark.hpp"
#include "harness/npy.hpp"
#include "harness/output_file.hpp"
#include "harness/ranks.hpp"
#include "harness/report.hpp"
#include "harness/spaces.hpp"
#include "harness/usage.hpp"

// CLI11's types, declared: only harness/cli.hpp includes CLI11.
namespace CLI {
class Option;
}  // namespace CLI

namespace bench {

class Cli;  // harness/cli.hpp

// The names, comma-separated.
std::string joined(const std::vector<std::string>& names, const std::string& separator);

struct CommonOptions {
  std::uint64_t size = 0;           // the global size: over all ranks under MPI
  std::uint64_t size_per_rank = 0;  // MPI builds: --size-per-rank (0: not given)
  Timing timing;
  std::vector<std::string> spaces;    // empty: every enabled space
  std::vector<std::string> variants;  // empty: every variant
  std::string csv, json;
  // Every other file the run writes (--output, --out), registered by the
  // app's load() so that validate_common checks all outputs together.
  std::vector<OutputPath> outputs;
  bool size_given = false;  // --size was on the command line
  // --memory-estimate (hidden, for the tests): print host_bytes and stop.
  bool memory_estimate = false;
  bool progress = false;  // a line on stderr per variant (the suite's long runs)
};

// Registers --repeat, --warmup, --max-time, --spaces (the suite's options too).
void add_run_options(Cli& cli, CommonOptions& options);
// Registers --size, the run options, --variants, --csv, --json.
void add_common_options(Cli& cli, CommonOptions& options);
// Replaces a list that names "all" (--spaces all, --variants all) by `all`.
void expand_all(std::vector<std::string>& names, const std::vector<std::string>& all);
// Fills defaults (every space; the app's default variants), expands "all"
// (every space; every variant, those run by name only too), drops repeated
// spaces, and rejects (UsageError) unknown space or variant names and outputs
// check_outputs refuses: before any work, so a bad path costs no run.
void validate_common(CommonOptions& options, const std::vector<std::string>& variant_names,
                     const std::vector<std::string>& default_variants);

// The variants an app runs when none are named: all of them, unless the app
// keeps some for --variants only (a variant that demonstrates a defect).
template <class App>
std::vector<std::string> default_variants(const App& app) {
  if constexpr (requires { app.default_variants(); }) {
    return app.default_variants();
  } else {
    return app.variant_names();
  }
}
// The threads a host space runs (the OpenMP runtime's, else 1): the apps
// count the per-thread copies of their variants.
int host_threads();
// Throws UsageError when `bytes` cannot fit in this machine's memory.
void check_host_memory(double bytes, const std::string& what);
// Removes --kokkos-* arguments so the suite's parser does not see them;
// returns them for Kokkos::initialize, each in the spelling the built Kokkos
// reads (--kokkos-threads and --kokkos-num-threads work with 3.4 and 4.x).
// Refuses (UsageError) an option that Kokkos lacks, a value its option cannot
// take, and a thread count, from --kokkos-threads, KOKKOS_NUM_THREADS or
// OMP_NUM_THREADS, that is not positive or that the OpenMP backend cannot hold.
std::vector<std::string> split_kokkos_args(int& argc, char** argv);
// With --kokkos-help among them: prints Kokkos' help and returns true (the
// program then stops, exit 0, instead of running the benchmark).
bool kokkos_help(const std::vector<std::string>& kokkos_args);

// RAII: initializes Kokkos with the given arguments (after checking that a
// CUDA build can find its device) and finalizes it.
class KokkosRuntime {
 public:
  explicit KokkosRuntime(const std::vector<std::string>& kokkos_args,
                         const std::vector<std::string>& spaces);
  ~KokkosRuntime();
  KokkosRuntime(const KokkosRuntime&) = delete;
  KokkosRuntime& operator=(const KokkosRuntime&) = delete;
};

// Says once per process, in one line on stderr, that the openmp space runs
// with unpinned threads (OMP_PROC_BIND unset when the program started); called
// when the first openmp variant is about to run, so usage errors stay one line.
void warn_if_openmp_unpinned();

// The variant as the runner times it: under MPI, its run followed by the
// case's combine (the global answer on every rank); nullopt when it cannot
// run on more than one rank (no combine, not global).
std::optional<Variant> distributed(const Variant& variant, const SpaceCase& space_case);
// The application's params, plus ",ranks=N" in a build with MPI.
std::string params_with_ranks(const std::string& params);

template <class App>
std::vector<Row> run_benchmarks(App& app, const CommonOptions& options) {
  std::vector<Row> rows;
  for_each_space(options.spaces, [&](auto tag) {
    using Space = typename decltype(tag)::space;
    if (std::string(space_name<Space>()) == "openmp") warn_if_openmp_unpinned();
    SpaceCase space_case = app.template make_case<Space>(options);
    // Bytes and items of one run: the sum of every rank's slice.
    const double case_bytes = sum_over_ranks(space_case.bytes_per_run);
    const double case_items = sum_over_ranks(space_case.items_per_run);
    std::vector<std::string> skipped;
    for (const Variant& local : space_case.variants) {
      const auto& wanted = options.variants;
      if (std::find(wanted.begin(), wanted.end(), local.name) == wanted.end()) continue;
      const std::optional<Variant> variant = distributed(local, space_case);
      if (!variant) {
        skipped.push_back(local.name);
        continue;
      }
      if (options.progress && rank() == 0) {
        std::cerr << "[" << App::name << "] " << space_name<Space>() << " " << variant->name
                  << std::endl;
      }
      const Measurement m = measure(*variant, options.timing);
      // A collective on every rank (a rank's slice may be empty).
      const double variant_bytes = sum_over_ranks(variant->bytes_per_run);
      rows.push_back({App::name, space_name<Space>(), variant->name,
                      params_with_ranks(app.params()), options.size, m.samples, m.median_s, m.min_s,
                      m.max_s, variant_bytes > 0 ? variant_bytes : case_bytes, case_items,
                      m.check.pass, m.check.detail});
      rows.back().kind = variant->kind;
      rows.back().form = variant->form.empty() ? App::name : variant->form;
      rows.back().result = m.check.result;
      rows.back().samples_s = m.samples_s;
    }
    if (!skipped.empty() && rank() == 0) {
      std::cerr << App::name << ": on " << space_name<Space>()
                << ", these variants run on one rank only, so not here: " << joined(skipped, ", ")
                << "\n";
    }
  });
  return rows;
}

// The 1-D array of an app's `--input FILE`; its length becomes options.size,
// and a --size the user gave must agree with it.
npy::Array read_input(const std::string& file, CommonOptions& options);
// An app's `--output FILE.npy` (the option `what`): set on `output` and
// registered among the run's outputs ("" = none), written from the checked
// result of the first of `producers` that runs (every variant when empty).
void set_output(npy::FirstResult& output, const std::string& path, const std::string& what,
                CommonOptions& options, std::vector<std::string> producers = {});
// What the applications share besides the runner: the --input FILE.npy of
// those that read the user's data (a 1-D array, whose length sets the size)
// and the --output FILE.npy of those that write their checked result. Each
// app registers the options it has, with its own help.
class AppBase {
 protected:
  // --input; `help` says what the app does with the values. The option
  // returned takes the app's excludes.
  CLI::Option* add_input_option(Cli& cli, const std::string& help);
  // --output; `help` says what is written.
  CLI::Option* add_output_option(Cli& cli, const std::string& help);
  // In load(): registers --output among the run's outputs, written from the
  // checked result of the first of `producers` that runs (every variant
  // when empty).
  void register_output(CommonOptions& options, std::vector<std::string> producers = {});
  // In load(): --input's array (its length becomes options.size), or nullopt
  // when none was given.
  std::optional<npy::Array> read_input_file(CommonOptions& options) const;
  // "--input: FILE": how messages about its values name it.
  std::string input_where() const { return "--input: " + input_file_; }

  std::string input_file_;   // --input FILE.npy
  std::string output_file_;  // --output FILE.npy
  npy::FirstResult output_;  // what --output writes
};

// Declares, inside an application's class, its name, its default --size
// and its summary (the --help text), and the members of the list above that
// every application reading or writing files defines in its .cpp:
// variant_names, add_options, load, prepare, host_bytes and make_case.
#define KP_APP(app_name, size, ...)                   \
  static constexpr const char* name = app_name;       \
  static constexpr const char* summary = __VA_ARGS__; \
  static constexpr std::uint64_t default_size = size; \
  KP_APP_MEMBERS
#define KP_APP_MEMBERS                                   \
  std::vector<std::string> variant_names() const;        \
  void add_options(Cli& cli);                            \
  void load(CommonOptions& options);                     \
  void prepare(const CommonOptions& options);            \
  double host_bytes(const CommonOptions& options) const; \
  template <class Space>                                 \
  SpaceCase make_case(const CommonOptions& options)

// Instantiates App::make_case for every enabled space (in the app's .cpp).
#define KP_APP_CASE(App, Space) template SpaceCase App::make_case<Space>(const CommonOptions&);
#define KP_APP_CASES(App)                        \
  KP_IF_SERIAL(KP_APP_CASE(App, Kokkos::Serial)) \
  KP_IF_OPENMP(KP_APP_CASE(App, Kokkos::OpenMP)) KP_IF_CUDA(KP_APP_CASE(App, Kokkos::Cuda))

// Refuses (UsageError) an output none of the selected variants writes:
// "--output: written by the kp or cub rows, which --variants leaves out".
void check_producers(const std::vector<OutputPath>& outputs,
                     const std::vector<std::string>& variants,
                     const std::vector<std::string>& variant_names);
// Refuses (UsageError) an output a run whose checks all passed did not write
// (its producers exist in the build, but none ran on the selected spaces).
void check_written(const std::vector<OutputPath>& outputs);

// Prints the table, writes CSV/JSON (rank 0), and returns the exit code, the
// same on every rank: 0 when every check passed, 1 otherwise. Throws
// UsageError when no variant ran (the options asked for nothing that exists).
int report_rows(const std::vector<Row>& rows, const CommonOptions& options);

// Prints an error message of `program` on stderr, its bytes made printable.
void print_error(const std::string& program, const std::string& message);

// The global size from --size-per-rank (MPI builds), then the app's share:
// a UsageError when the size cannot be split.
void apply_size_per_rank(CommonOptions& options);

}  // namespace bench
