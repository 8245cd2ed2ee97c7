#include "harness/app.hpp"

#include "harness/cli.hpp"

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#ifdef KOKKOS_ENABLE_OPENMP
#include <omp.h>
#endif

namespace bench {

std::string joined(const std::vector<std::string>& names, const std::string& separator) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) text += (i > 0 ? separator : "") + names[i];
  return text;
}

void add_run_options(Cli& cli, CommonOptions& options) {
  cli.add_option("--repeat", options.timing.repeat, "timed runs per variant (median reported)")
      ->transform(Size())
      ->check(CLI::Range(1, 100000));
  cli.add_option("--warmup", options.timing.warmup, "untimed runs before timing")
      ->transform(Size())
      ->check(CLI::Range(0, 100000));
  cli.add_option("--max-time", options.timing.max_seconds,
                 "seconds of timed runs per variant before it stops early (at least 3 runs)");
  cli.add_list("--spaces", options.spaces,
               "execution spaces, from: " + CLI::detail::join(enabled_spaces(), ","));
}

void add_common_options(Cli& cli, CommonOptions& options) {
  cli.add_option("--size", options.size, "number of elements")->transform(Size());
#ifdef KP_HAVE_MPI
  cli.add_option("--size-per-rank", options.size_per_rank,
                 "elements per MPI rank (weak scaling): --size is this times the ranks")
      ->transform(Size())
      ->excludes("--size");
#endif
  add_run_options(cli, options);
  cli.add_list("--variants", options.variants, "variants to run (see Variants above)");
  cli.add_option("--csv", options.csv, "write the results as CSV to this file")->check(Path());
  cli.add_option("--json", options.json, "write the results as JSON to this file")->check(Path());
  // Hidden (empty group): the tests compare it with the measured peak memory.
  cli.add_flag("--memory-estimate", options.memory_estimate,
               "print the bytes of host memory the run needs, and stop")
      ->group("");
}

namespace {
void require_known(const std::vector<std::string>& given, const std::vector<std::string>& known,
                   const char* what) {
  for (const auto& name : given) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      throw UsageError(std::string("unknown ") + what + " '" + name +
                       "' (this build has: " + CLI::detail::join(known, ", ") + ")");
    }
  }
}
}  // namespace

void expand_all(std::vector<std::string>& names, const std::vector<std::string>& all) {
  if (std::find(names.begin(), names.end(), "all") != names.end()) names = all;
}

void validate_common(CommonOptions& options, const std::vector<std::string>& variant_names,
                     const std::vector<std::string>& default_variants) {
  const auto spaces = enabled_spaces();
  if (options.spaces.empty()) options.spaces = spaces;
  expand_all(options.spaces, spaces);
  expand_all(options.variants, variant_names);
  // A space named twice would run twice (and time itself against itself).
  std::vector<std::string> unique;
  for (const auto& space : options.spaces) {
    if (std::find(unique.begin(), unique.end(), space) == unique.end()) unique.push_back(space);
  }
  options.spaces = unique;
  require_known(options.spaces, spaces, "space");
  if (options.variants.empty()) options.variants = default_variants;
  if (!(options.timing.max_seconds > 0) || !std::isfinite(options.timing.max_seconds)) {
    throw UsageError("--max-time must be a positive, finite number of seconds");
  }
  require_known(options.variants, variant_names, "variant");
  // Refused before any work, not after the run; checked on every rank (rank
  // 0 writes them) so that every rank stops alike.
  std::vector<OutputPath> outputs;
  if (!options.csv.empty()) outputs.push_back({"--csv", options.csv});
  if (!options.json.empty()) outputs.push_back({"--json", options.json});
  outputs.insert(outputs.end(), options.outputs.begin(), options.outputs.end());
  check_producers(outputs, options.variants, variant_names);
  check_outputs(outputs);
}

namespace {
// "a", "a or b", "a, b or c".
std::string either(const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  }
  return text;
}
}  // namespace

void check_producers(const std::vector<OutputPath>& outputs,
                     const std::vector<std::string>& variants,
                     const std::vector<std::string>& variant_names) {
  const auto among = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  for (const auto& output : outputs) {
    if (output.producers.empty()) continue;
    if (std::any_of(variants.begin(), variants.end(),
                    [&](const auto& name) { return among(output.producers, name); })) {
      continue;
    }
    std::vector<std::string> built;  // the producers this build has
    for (const auto& name : output.producers) {
      if (among(variant_names, name)) built.push_back(name);
    }
    throw UsageError(output.what + ": written by the " + either(built) +
                     (built.size() == 1 ? " row" : " rows") + ", which --variants leaves out");
  }
}

void check_written(const std::vector<OutputPath>& outputs) {
  for (const auto& output : outputs) {
    if (output.written && !output.written()) {
      throw UsageError(output.what + ": not written: none of the rows that write it (" +
                       (output.producers.empty() ? std::string("any") : either(output.producers)) +
                       ") ran on the selected spaces");
    }
  }
}

void apply_size_per_rank(CommonOptions& options) {
  if (options.size_per_rank == 0) return;
  const auto p = static_cast<std::uint64_t>(ranks());
  if (options.size_per_rank > UINT64_MAX / p) throw UsageError("--size-per-rank: too large");
  options.size = options.size_per_rank * p;
}

std::optional<Variant> distributed(const Variant& variant, const SpaceCase& space_case) {
#ifdef KP_HAVE_MPI
  // Also on one rank, so that 1 and N ranks time the same code.
  if (variant.global) return variant;
  if (!space_case.combine) {
    if (ranks() > 1) return std::nullopt;
    return variant;
  }
  Variant timed = variant;
  timed.run = [run = variant.run, combine = space_case.combine] {
    run();
    combine();
  };
  return timed;
#else
  (void)space_case;
  return variant;
#endif
}

std::string params_with_ranks(const std::string& params) {
#ifdef KP_HAVE_MPI
  return params + (params.empty() ? "" : ",") + "ranks=" + std::to_string(ranks());
#else
  return params;
#endif
}

int host_threads() {
#ifdef KOKKOS_ENABLE_OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
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

namespace {
// Set by KokkosRuntime: the OpenMP runtime runs unpinned and nobody said so yet.
bool openmp_unpinned = false;
}  // namespace

void warn_if_openmp_unpinned() {
  if (!openmp_unpinned || rank() != 0) return;
  openmp_unpinned = false;
  std::cerr << "warning: OMP_PROC_BIND is not set, so OpenMP threads are not pinned; for steady "
               "timings run with OMP_PROC_BIND=spread OMP_PLACES=threads\n";
}

namespace {

#ifdef KOKKOS_ENABLE_OPENMP
// Kokkos' OpenMP backend keeps one fixed array of this many thread slots
// (3.4: OpenMPExec, 4.x: OpenMPInternal); more threads write past it.
constexpr int kMaxOpenMPThreads = 512;
#else
constexpr int kMaxOpenMPThreads = INT_MAX;
#endif

// A thread count from `source`: Kokkos 3.4 takes it as is, and 0, garbage or
// more threads than the backend holds hang, abort or crash it.
void check_thread_count(const std::string& value, const std::string& source,
                        const std::string& hint = "") {
  const bool digits = !value.empty() && value.size() <= 9 &&
                      value.find_first_not_of("0123456789") == std::string::npos;
  const int count = digits ? std::stoi(value) : 0;
  if (count <= 0) {
    throw UsageError(source + ": '" + value + "' is not a positive number of threads" + hint);
  }
  if (count > kMaxOpenMPThreads) {
    throw UsageError(source + ": " + value + " threads, but Kokkos' OpenMP backend holds at most " +
                     std::to_string(kMaxOpenMPThreads));
  }
}

// The Kokkos options of the Kokkos this build uses, checked here: Kokkos
// reads their values with std::stoi (garbage ends the program with "error:
// stoi") and only warns about, or ignores, an option it does not know.
enum class KokkosValue { none, threads, positive, index, devices, text };
struct KokkosOption {
  const char* name;
  KokkosValue value;
  const char* spelled;  // the name this Kokkos reads, when it spells it otherwise
};
#if KOKKOS_VERSION >= 40000
constexpr KokkosOption kKokkosOptions[] = {
    {"--kokkos-help", KokkosValue::none, nullptr},
    {"--kokkos-disable-warnings", KokkosValue::none, nullptr},
    {"--kokkos-print-configuration", KokkosValue::none, nullptr},
    {"--kokkos-tune-internals", KokkosValue::none, nullptr},
    {"--kokkos-tools-help", KokkosValue::none, nullptr},
    {"--kokkos-num-threads", KokkosValue::threads, nullptr},
    {"--kokkos-threads", KokkosValue::threads, "--kokkos-num-threads"},
    {"--kokkos-device-id", KokkosValue::index, nullptr},
    {"--kokkos-device", KokkosValue::index, "--kokkos-device-id"},
    {"--kokkos-map-device-id-by", KokkosValue::text, nullptr},
    {"--kokkos-tools-libs", KokkosValue::text, nullptr},
    {"--kokkos-tools-args", KokkosValue::text, nullptr},
};
#else
constexpr KokkosOption kKokkosOptions[] = {
    {"--kokkos-help", KokkosValue::none, nullptr},
    {"--kokkos-disable-warnings", KokkosValue::none, nullptr},
    {"--kokkos-tune-internals", KokkosValue::none, nullptr},
    {"--kokkos-tools-help", KokkosValue::none, nullptr},
    {"--kokkos-threads", KokkosValue::threads, nullptr},
    {"--kokkos-num-threads", KokkosValue::threads, "--kokkos-threads"},
    {"--kokkos-numa", KokkosValue::positive, nullptr},
    {"--kokkos-device-id", KokkosValue::index, nullptr},
    {"--kokkos-device", KokkosValue::index, "--kokkos-device-id"},
    {"--kokkos-num-devices", KokkosValue::devices, nullptr},
    {"--kokkos-ndevices", KokkosValue::devices, "--kokkos-num-devices"},
    {"--kokkos-tools-library", KokkosValue::text, nullptr},
    {"--kokkos-tools-libs", KokkosValue::text, "--kokkos-tools-library"},
    {"--kokkos-tools-args", KokkosValue::text, nullptr},
};
#endif

bool is_index(const std::string& text) {
  return !text.empty() && text.size() <= 9 &&
         text.find_first_not_of("0123456789") == std::string::npos;
}

// The argument as this Kokkos reads it (its own spelling of the option);
// throws UsageError for an option it does not have or a value the option
// cannot take. Thread counts go through check_thread_count.
std::string checked_kokkos_option(const std::string& arg) {
  const auto eq = arg.find('=');
  const std::string name = arg.substr(0, eq);
  const bool has_value = eq != std::string::npos;
  const std::string value = has_value ? arg.substr(eq + 1) : "";
  const KokkosOption* option = nullptr;
  std::string names;
  for (const auto& known : kKokkosOptions) {
    if (name == known.name) option = &known;
    names += std::string(names.empty() ? "" : ", ") + known.name;
  }
  if (option == nullptr) {
    throw UsageError("unknown Kokkos option '" + name + "' (Kokkos " +
                     std::to_string(KOKKOS_VERSION / 10000) + "." +
                     std::to_string(KOKKOS_VERSION / 100 % 100) + " has: " + names + ")");
  }
  const auto refuse = [&](const std::string& what) {
    throw UsageError(name + ": '" + value + "' is not " + what + " (" + name + "=VALUE)");
  };
  switch (option->value) {
    case KokkosValue::none:
      if (has_value) throw UsageError(name + " takes no value");
      break;
    case KokkosValue::threads:
      check_thread_count(value, name, " (" + name + "=N)");
      break;
    case KokkosValue::positive:
      if (!is_index(value) || std::stoi(value) == 0) refuse("a positive number");
      break;
    case KokkosValue::index:
      if (!is_index(value)) refuse("a device number (0, 1, ...)");
      break;
    case KokkosValue::devices: {
      // N, or N,S: N devices, skipping device S.
      const auto comma = value.find(',');
      const std::string count = value.substr(0, comma);
      if (!is_index(count) || std::stoi(count) == 0 ||
          (comma != std::string::npos && !is_index(value.substr(comma + 1)))) {
        refuse("a positive number of devices (N, or N,SKIP)");
      }
      break;
    }
    case KokkosValue::text:
      if (value.empty()) refuse("a value");
      break;
  }
  return option->spelled ? std::string(option->spelled) + arg.substr(name.size()) : arg;
}

}  // namespace

std::vector<std::string> split_kokkos_args(int& argc, char** argv) {
  std::vector<std::string> kokkos;
  bool threads_given = false;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--kokkos-", 9) == 0) {
      const std::string arg = argv[i];
      const auto eq = arg.find('=');
      const std::string name = arg.substr(0, eq);
      threads_given = threads_given || name == "--kokkos-threads" || name == "--kokkos-num-threads";
      kokkos.push_back(checked_kokkos_option(arg));
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  // Without --kokkos-threads, Kokkos takes KOKKOS_NUM_THREADS, else the
  // OpenMP runtime's default (OMP_NUM_THREADS).
  if (const char* env = std::getenv("KOKKOS_NUM_THREADS"); env && !threads_given) {
    check_thread_count(env, "KOKKOS_NUM_THREADS");
  }
#ifdef KOKKOS_ENABLE_OPENMP
  else if (!threads_given && omp_get_max_threads() > kMaxOpenMPThreads) {
    check_thread_count(std::to_string(omp_get_max_threads()), "OMP_NUM_THREADS");
  }
#endif
  return kokkos;
}

bool kokkos_help(const std::vector<std::string>& kokkos_args) {
  if (std::find(kokkos_args.begin(), kokkos_args.end(), "--kokkos-help") == kokkos_args.end()) {
    return false;
  }
  KokkosRuntime runtime(kokkos_args, {});  // Kokkos::initialize prints the help
  return true;
}

void print_error(const std::string& program, const std::string& message) {
  std::cerr << program << ": error: " << printable(message) << "\n";
}

KokkosRuntime::KokkosRuntime(const std::vector<std::string>& kokkos_args,
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
#ifdef KOKKOS_ENABLE_OPENMP
  // The OpenMP runtime reads OMP_PROC_BIND and OMP_PLACES once, when the
  // program starts, so they cannot be set from here: unpinned threads migrate
  // between cores and make the timings noisy. warn_if_openmp_unpinned says so
  // in one line on stderr (README: "Thread placement"); Kokkos' own four-line
  // warning, on stdout where it would land among the tables, is held back so
  // that it does not repeat it: Kokkos only checks that the variable is set,
  // so it is set to what the runtime does, "false".
  if (std::getenv("OMP_PROC_BIND") == nullptr) {
    openmp_unpinned = omp_get_proc_bind() == omp_proc_bind_false;
    setenv("OMP_PROC_BIND", "false", 0);
  }
#endif
  std::vector<std::string> storage = {"kokkos-primitives"};
  storage.insert(storage.end(), kokkos_args.begin(), kokkos_args.end());
#if defined(KOKKOS_ENABLE_CUDA) && defined(KP_HAVE_MPI)
  // Rank r of a node on GPU r modulo the node's GPUs, unless the user chose.
  const bool chosen = std::any_of(kokkos_args.begin(), kokkos_args.end(), [](const auto& arg) {
    return arg.rfind("--kokkos-device", 0) == 0 || arg.rfind("--kokkos-num-devices", 0) == 0 ||
           arg.rfind("--kokkos-ndevices", 0) == 0;
  });
  if (!chosen) {
    storage.push_back("--kokkos-device-id=" + std::to_string(node_rank() % cuda_device_count()));
  }
#endif
  std::vector<char*> args;
  for (auto& arg : storage) args.push_back(arg.data());
  int argc = static_cast<int>(args.size());
  Kokkos::initialize(argc, args.data());
}

KokkosRuntime::~KokkosRuntime() {
  Kokkos::finalize();
}

int report_rows(const std::vector<Row>& rows, const CommonOptions& options) {
  if (rows.empty()) {
    throw UsageError(std::string("no variant ran: none of the requested variants exists on the "
                                 "requested spaces") +
                     (ranks() > 1 ? " or runs on more than one rank" : ""));
  }
  const bool all_pass =
      std::all_of(rows.begin(), rows.end(), [](const Row& row) { return row.pass; });
  if (rank() != 0) return all_pass ? 0 : 1;  // the same rows, checks and exit on every rank
  // Every requested output is written or the run says why: before the
  // table, so that no CSV or JSON is written beside a missing one.
  if (all_pass) check_written(options.outputs);
  print_table(std::cout, rows);
  write_files(rows, options.csv, options.json);
  if (!all_pass) print_error(rows.front().app, "at least one check FAILED");
  return all_pass ? 0 : 1;
}

void set_output(npy::FirstResult& output, const std::string& path, const std::string& what,
                CommonOptions& options, std::vector<std::string> producers) {
  if (!path.empty() && ranks() > 1) {
    throw UsageError(what +
                     ": under mpirun each rank holds only its part of the result; "
                     "write it from a run with one rank");
  }
  output.set_path(path, what);
  if (path.empty()) return;
  options.outputs.push_back(
      {what, path, std::move(producers), [&output] { return !output.pending(); }});
}

npy::Array read_input(const std::string& file, CommonOptions& options) {
  npy::Array array = npy::read(file, "--input");
  if (options.size_given && options.size != array.size()) {
    throw UsageError("--input: " + file + " holds " + std::to_string(array.size()) +
                     " values but --size is " + std::to_string(options.size) +
                     "; leave --size out");
  }
  options.size = array.size();
  return array;
}

CLI::Option* AppBase::add_input_option(Cli& cli, const std::string& help) {
  return cli.add_option("--input", input_file_, help)->check(Path());
}

CLI::Option* AppBase::add_output_option(Cli& cli, const std::string& help) {
  return cli.add_option("--output", output_file_, help)->check(Path());
}

void AppBase::register_output(CommonOptions& options, std::vector<std::string> producers) {
  set_output(output_, output_file_, "--output", options, std::move(producers));
}

std::optional<npy::Array> AppBase::read_input_file(CommonOptions& options) const {
  if (input_file_.empty()) return std::nullopt;
  return read_input(input_file_, options);
}

}  // namespace bench
