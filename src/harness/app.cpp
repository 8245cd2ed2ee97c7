#include "harness/app.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace kp {

void add_common_options(Cli& cli, CommonOptions& options) {
  cli.add_size("--size", &options.size, "number of elements", 0);
  cli.add_int("--repeat", &options.timing.repeat, "timed runs per variant (median reported)", 1,
              100000);
  cli.add_int("--warmup", &options.timing.warmup, "untimed runs before timing", 0, 100000);
  cli.add_real("--max-time", &options.timing.max_seconds,
               "seconds of timed runs per variant before it stops early (at least 3 runs)");
  cli.add_list(
      "--spaces", &options.spaces, "execution spaces, from: " + [] {
        std::string names;
        for (const auto& name : enabled_spaces()) names += (names.empty() ? "" : ",") + name;
        return names;
      }());
  cli.add_list("--variants", &options.variants, "variants to run (see Variants above)");
  cli.add_string("--csv", &options.csv, "write the results as CSV to this file");
  cli.add_string("--json", &options.json, "write the results as JSON to this file");
}

namespace {
void require_known(const std::vector<std::string>& given, const std::vector<std::string>& known,
                   const char* what) {
  for (const auto& name : given) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      throw UsageError(std::string("unknown ") + what + " '" + name + "' (this build has: " + list +
                       ")");
    }
  }
}
}  // namespace

void validate_common(CommonOptions& options, const std::vector<std::string>& variant_names,
                     const std::vector<std::string>& default_variants) {
  const auto spaces = enabled_spaces();
  if (options.spaces.empty()) options.spaces = spaces;
  require_known(options.spaces, spaces, "space");
  if (options.variants.empty()) options.variants = default_variants;
  if (!(options.timing.max_seconds > 0)) throw UsageError("--max-time must be positive");
  require_known(options.variants, variant_names, "variant");
}

void check_host_memory(double bytes, const std::string& what) {
  const double physical =
      static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGESIZE));
  if (bytes > 0.8 * physical) {
    throw UsageError(what + " needs " + std::to_string(bytes / (1 << 30)) +
                     " GiB but this machine has " + std::to_string(physical / (1 << 30)) +
                     " GiB of memory; choose a smaller --size");
  }
}

std::vector<std::string> split_kokkos_args(int& argc, char** argv) {
  std::vector<std::string> kokkos;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--kokkos-", 9) == 0) {
      kokkos.emplace_back(argv[i]);
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  return kokkos;
}

KokkosSession::KokkosSession(const std::vector<std::string>& kokkos_args,
                             const std::vector<std::string>& spaces) {
#ifdef KOKKOS_ENABLE_CUDA
  // Kokkos::initialize aborts when a CUDA build finds no GPU; say why instead.
  std::string why;
  if (!cuda_device_usable(why)) {
    const bool wants_cuda = std::find(spaces.begin(), spaces.end(), "cuda") != spaces.end();
    throw std::runtime_error(why + (wants_cuda ? "" : " (a CUDA build needs a GPU to start)"));
  }
#else
  (void)spaces;
#endif
  // Pin OpenMP threads unless the user chose otherwise: unpinned threads
  // migrate between cores and make the timings noisy (Kokkos warns as well).
  setenv("OMP_PROC_BIND", "spread", 0);
  setenv("OMP_PLACES", "threads", 0);
  std::vector<std::string> storage = {"kokkos-primitives"};
  storage.insert(storage.end(), kokkos_args.begin(), kokkos_args.end());
  std::vector<char*> args;
  for (auto& arg : storage) args.push_back(arg.data());
  int argc = static_cast<int>(args.size());
  Kokkos::initialize(argc, args.data());
}

KokkosSession::~KokkosSession() {
  Kokkos::finalize();
}

int report_rows(const std::vector<Row>& rows, const CommonOptions& options) {
  if (rows.empty()) {
    std::cerr << "error: no variant ran: none of the requested variants exists on the requested "
                 "spaces\n";
    return 1;
  }
  print_table(std::cout, rows);
  write_files(rows, options.csv, options.json);
  const bool all_pass =
      std::all_of(rows.begin(), rows.end(), [](const Row& row) { return row.pass; });
  if (!all_pass) std::cerr << "error: at least one check FAILED\n";
  return all_pass ? 0 : 1;
}

}  // namespace kp
