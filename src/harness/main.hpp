#pragma once
// The main() of every application: run_app<App> parses the command line
// (CLI11, harness/cli.hpp) and runs the app through harness/app.hpp.
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "harness/app.hpp"
#include "harness/cli.hpp"

namespace bench {

// main() of every application, one rule for the exit code: 2 the input or the
// options (before any work where it can be known then), 1 a failed check, a
// failed write or another runtime error, 0 only when every check passed and
// every requested output was written.
template <class App>
int run_app(int argc, char** argv) {
  // Before anything that may throw: every rank leaves through the handlers.
  MpiSession mpi(argc, argv);
  try {
    const std::vector<std::string> kokkos_args = split_kokkos_args(argc, argv);
    if (kokkos_help(kokkos_args)) return 0;
    // Declared before the app so that the app's views are freed before finalize.
    std::optional<KokkosRuntime> runtime;
    App app;
    CommonOptions options;
    options.size = App::default_size;
    Cli cli(App::name, std::string(App::summary) +
                           "\nVariants: " + CLI::detail::join(app.variant_names(), ", ") +
                           " (each runs where its space allows)");
    add_common_options(cli, options);
    if (default_variants(app) != app.variant_names()) {
      cli.get_option("--variants")->default_str(CLI::detail::join(default_variants(app), ","));
    }
    app.add_options(cli);
    if (!cli.parse_command_line(argc, argv)) return 0;
    options.size_given = cli.count("--size") > 0;
    // An app that reads the user's data (--input) loads it here, before the
    // memory check and Kokkos, and sets options.size from it.
    if constexpr (requires { app.load(options); }) app.load(options);
    apply_size_per_rank(options);
    validate_common(options, app.variant_names(), default_variants(app));
    // Every rank of a node holds the whole host input (ranks.hpp).
    const double bytes = app.host_bytes(options) * node_ranks();
    check_host_memory(bytes, std::string(App::name) + " input");
    if (options.memory_estimate) {
      if (rank() == 0) std::cout << static_cast<std::uint64_t>(bytes) << "\n";
      return 0;
    }
    runtime.emplace(kokkos_args, options.spaces);
    app.prepare(options);
    return report_rows(run_benchmarks(app, options), options);
  } catch (const UsageError& error) {
    // Every rank sees the same command line, so every rank ends here.
    if (rank() == 0) print_error(App::name, error.what());
    return 2;
  } catch (const std::exception& error) {
    print_error(App::name, rank_prefix() + error.what());
    return abort_ranks(1);
  }
}

}  // namespace bench
