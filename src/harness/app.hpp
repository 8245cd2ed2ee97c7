#pragma once
// The runner shared by every application (RAJAPerf-style): parse the command
// line, prepare host data and reference once, then for each requested space
// build the application's SpaceCase, measure and check every variant, and
// report all rows side by side.
//
// An application is a class with:
//   static constexpr const char* name, *summary;
//   static constexpr std::uint64_t default_size;
//   std::vector<std::string> variant_names() const;     // every variant, all spaces
//   (optional) std::vector<std::string> default_variants() const;  // run when none named
//   void add_options(Cli&);                              // its own options
//   (optional) void load(CommonOptions&);               // read --input files, set the size
//   void prepare(const CommonOptions&);                  // validate, make input + reference
//   double host_bytes(const CommonOptions&) const;       // memory it will need, for the check
//   std::string params() const;                          // e.g. "type=float"
//   template <class Space> SpaceCase make_case(const CommonOptions&);
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "harness/benchmark.hpp"
#include "harness/cli.hpp"
#include "harness/npy.hpp"
#include "harness/report.hpp"
#include "harness/spaces.hpp"

namespace kp {

struct CommonOptions {
  std::uint64_t size = 0;
  Timing timing;
  std::vector<std::string> spaces;    // empty: every enabled space
  std::vector<std::string> variants;  // empty: every variant
  std::string csv, json;
  bool progress = false;  // a line on stderr per variant (the suite's long runs)
};

// Registers --repeat, --warmup, --max-time, --spaces (the suite's options too).
void add_run_options(Cli& cli, CommonOptions& options);
// Registers --size, the run options, --variants, --csv, --json.
void add_common_options(Cli& cli, CommonOptions& options);
// Fills defaults (every space; the app's default variants) and rejects
// unknown space or variant names (UsageError).
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
// Throws UsageError when `bytes` cannot fit in this machine's memory.
void check_host_memory(double bytes, const std::string& what);
// Removes --kokkos-* arguments so the suite's parser does not see them;
// returns them for Kokkos::initialize.
std::vector<std::string> split_kokkos_args(int& argc, char** argv);

// RAII: initializes Kokkos with the given arguments (after checking that a
// CUDA build can find its device) and finalizes it.
class KokkosSession {
 public:
  explicit KokkosSession(const std::vector<std::string>& kokkos_args,
                         const std::vector<std::string>& spaces);
  ~KokkosSession();
  KokkosSession(const KokkosSession&) = delete;
  KokkosSession& operator=(const KokkosSession&) = delete;
};

// Says once per process, in one line on stderr, that the openmp space runs
// with unpinned threads (OMP_PROC_BIND unset when the session started); called
// when the first openmp variant is about to run, so usage errors stay one line.
void warn_if_openmp_unpinned();

template <class App>
std::vector<Row> run_benchmarks(App& app, const CommonOptions& options) {
  std::vector<Row> rows;
  for_each_space(options.spaces, [&](auto tag) {
    using Space = typename decltype(tag)::space;
    if (std::string(space_name<Space>()) == "openmp") warn_if_openmp_unpinned();
    SpaceCase space_case = app.template make_case<Space>(options);
    for (const Variant& variant : space_case.variants) {
      const auto& wanted = options.variants;
      if (std::find(wanted.begin(), wanted.end(), variant.name) == wanted.end()) continue;
      if (options.progress) {
        std::cerr << "[" << App::name << "] " << space_name<Space>() << " " << variant.name
                  << std::endl;
      }
      const Measurement m = measure(variant, options.timing);
      rows.push_back({App::name, space_name<Space>(), variant.name, app.params(), options.size,
                      m.samples, m.median_s, m.min_s, m.max_s,
                      variant.bytes_per_run > 0 ? variant.bytes_per_run : space_case.bytes_per_run,
                      space_case.items_per_run, m.check.pass, m.check.detail});
      rows.back().kind = variant.kind;
      rows.back().result = m.check.result;
      rows.back().samples_s = m.samples_s;
    }
  });
  return rows;
}

// Prints the table, writes CSV/JSON, and returns the exit code: 0 when every
// The 1-D array of an app's `--input FILE`; its length becomes options.size,
// and a --size the user gave (not `default_size`) must agree with it.
npy::Array read_input(const std::string& file, CommonOptions& options, std::uint64_t default_size);

// check passed, 1 otherwise or when nothing ran.
int report_rows(const std::vector<Row>& rows, const CommonOptions& options);

// main() of every application: exit 0 all PASS, 1 a FAIL or runtime error,
// 2 bad command line.
template <class App>
int run_app(int argc, char** argv) {
  try {
    const std::vector<std::string> kokkos_args = split_kokkos_args(argc, argv);
    // Declared before the app so that the app's views are freed before finalize.
    std::optional<KokkosSession> session;
    App app;
    CommonOptions options;
    options.size = App::default_size;
    Cli cli(App::name, std::string(App::summary) +
                           "\nVariants: " + CLI::detail::join(app.variant_names(), ", ") +
                           " (each runs where its space allows)");
    add_common_options(cli, options);
    app.add_options(cli);
    if (!cli.parse_command_line(argc, argv)) return 0;
    // An app that reads the user's data (--input) loads it here, before the
    // memory check and Kokkos, and sets options.size from it.
    if constexpr (requires { app.load(options); }) app.load(options);
    validate_common(options, app.variant_names(), default_variants(app));
    check_host_memory(app.host_bytes(options), std::string(App::name) + " input");
    session.emplace(kokkos_args, options.spaces);
    app.prepare(options);
    return report_rows(run_benchmarks(app, options), options);
  } catch (const UsageError& error) {
    std::cerr << App::name << ": error: " << error.what() << "\n";
    return 2;
  } catch (const std::exception& error) {
    std::cerr << App::name << ": error: " << error.what() << "\n";
    return 1;
  }
}

}  // namespace kp
