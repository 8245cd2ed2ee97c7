#include "sort/sort_app.hpp"

#include <kp/workspace.hpp>

#include <algorithm>
#include <climits>
#include <iostream>
#include <type_traits>

#include "harness/cli.hpp"

namespace bench::sort {

namespace {

int key_bytes(const std::string& type) {
  if (type == "uint8") return 1;
  if (type == "uint16") return 2;
  if (type == "uint64" || type == "int64" || type == "double") return 8;
  return 4;
}

bool among(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The key types an .npy file holds (the reader's dtypes).
template <class T>
constexpr bool kFileType = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                           std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>;

}  // namespace

bool Selection::wants(const std::string& variant) const {
  return among(variants, variant);
}

std::vector<std::string> SortApp::variant_names() const {
  std::vector<std::string> names = {"kp",           "kp-pairs", "kp-indices", "kp-comparator",
                                    "kp-segmented", "copy"};
#ifdef KP_HAVE_MPI
  names.push_back("kp-mpi");  // kp::mpi::sort, the only row on more than one rank
#endif
#if defined(KOKKOS_ENABLE_SERIAL) || defined(KOKKOS_ENABLE_OPENMP)
  names.push_back("std-sort-segments");  // host spaces
#endif
#ifdef KOKKOS_ENABLE_SERIAL
  for (const char* name : {"std-sort", "std-stable-sort", "std-stable-sort-pairs"}) {
    names.push_back(name);  // Serial only
  }
#endif
#if defined(KOKKOS_ENABLE_OPENMP) && defined(KP_HAVE_STD_PAR)
  names.push_back("std-sort-par");       // OpenMP only, with TBB
  names.push_back("tbb-parallel-sort");  // OpenMP only, with TBB
#endif
  names.push_back("kokkos-sort");
#if KOKKOS_VERSION < 40000 && (defined(KOKKOS_ENABLE_SERIAL) || defined(KOKKOS_ENABLE_OPENMP))
  names.push_back("kokkos-binsort");  // host spaces; 4.x has no such switch
#endif
#ifdef KOKKOS_ENABLE_CUDA
  for (const char* name :
       {"cub-radix", "cub-radix-pairs", "cub-radix-indices", "cub-merge-sort", "cub-segmented"}) {
    names.push_back(name);  // CUDA only
  }
#endif
  return names;
}

std::vector<std::string> SortApp::default_variants() const {
  // Kokkos::sort on a host View is std::sort (the kokkos-sort row); its
  // BinSort, what it runs on a GPU, is run on the hosts by name only: one
  // thread takes seconds where the others take a fraction of one.
  std::vector<std::string> names = variant_names();
  names.erase(std::remove(names.begin(), names.end(), "kokkos-binsort"), names.end());
  return names;
}

void SortApp::add_options(Cli& cli) {
  cli.add_option("--type", type_, "key type")
      ->check(CLI::IsMember(
          {"uint32", "int32", "uint64", "int64", "float", "double", "uint16", "uint8"}));
  cli.add_option("--dist", dist_,
                 "keys: uniform (integers: any bit pattern; floats: reals in [-1,1)), few (16 "
                 "distinct values), sorted (already in the run's order), reversed (in the "
                 "opposite order), equal (one value), nan (floats: about 10% NaN of both signs, "
                 "+-0.0, +-inf, subnormals)")
      ->check(CLI::IsMember({"uniform", "few", "sorted", "reversed", "equal", "nan"}));
  cli.add_option("--order", order_, "ascending or descending (both stable)")
      ->check(CLI::IsMember({"ascending", "descending"}));
  cli.add_option("--bits", bits_,
                 "sort by the low B bits of each key's order-preserving image only (bit range "
                 "[0, B), as CUB's begin_bit and end_bit; default: the whole key)")
      ->check(CLI::Range(0, 64))
      ->default_str("all");
  cli.add_option("--segment-length", segment_length_,
                 "the segments rows: segments of random lengths in [0, 2 L], mean L")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
  add_input_option(cli,
                   "sort the values of this 1-D .npy file (float32, float64, int32, int64) "
                   "instead: its dtype sets --type, its length --size")
      ->excludes("--type")
      ->excludes("--dist");
  add_output_option(cli,
                    "write the kp row's sorted keys, once its check passed, to this .npy file "
                    "(uint8 and uint16 keys as uint32)");
}

void SortApp::load(CommonOptions& options) {
  register_output(options, {"kp"});
  file_ = read_input_file(options);
  if (file_) {
    const std::string& d = file_->descr;
    type_ = d == "<i4" ? "int32" : d == "<i8" ? "int64" : d == "<f4" ? "float" : "double";
    dist_ = "file";
  }
  if (dist_ == "nan" && type_ != "float" && type_ != "double") {
    throw UsageError("--dist nan: NaN keys need --type float or double, not " + type_);
  }
  if (bits_ > 8 * key_bytes(type_)) {
    throw UsageError("--bits " + std::to_string(bits_) + ": " + type_ + " keys have " +
                     std::to_string(8 * key_bytes(type_)) + " bits");
  }
}

double SortApp::host_bytes(const CommonOptions& options) const {
  const double n = static_cast<double>(options.size), t = key_bytes(type_);
  // A (rank, index) or (key, value) pair of the reference and the std pairs row.
  const double pair = t <= 4 ? 8 : 16;
  const auto wants = [&](const char* name) { return among(options.variants, name); };
  // prepare(): the keys, their ranks and indices and std::stable_sort's
  // buffer of half as many, then the reference and permutation beside them;
  // with --input, the file's values beside the keys while they are copied.
  const double load = file_ ? 2 * n * t : 0;
  const double prepare = std::max(n * t + 1.5 * n * pair, n * (2 * t + pair + 4));
  // Kept through the run: the keys, the reference and the permutation.
  const double kept = n * (2 * t + 4);
  double space_peak = 0;
  for (const std::string& space : options.spaces) {
    const bool gpu = space == "cuda", serial = space == "serial", openmp = space == "openmp";
    // The space's copy of the keys, its working keys, values and indices.
    double held = n * t + n * t;
    if (wants("kp-pairs") || (gpu && wants("cub-radix-pairs"))) held += 4 * n;
    if (wants("kp-indices") || (gpu && wants("cub-radix-indices"))) held += 8 * n;
    if (serial && wants("std-stable-sort-pairs")) held += n * pair;
    if (gpu) {  // CUB's alternate buffers (device memory, counted as host memory)
      if (wants("cub-radix") || wants("cub-radix-pairs") || wants("cub-radix-indices"))
        held += n * t;
      if (wants("cub-radix-pairs")) held += 4 * n;
      if (wants("cub-radix-indices")) held += 8 * n;
    }
    // kp's scratch, kept for the space: a key copy per call kind, with its
    // values or indices.
    if (wants("kp")) held += n * t;
    if (wants("kp-pairs")) held += n * t + 4 * n;
    if (wants("kp-indices")) held += n * t + 8 * n;
    // kp-mpi: the rank's slice, its working copy and kp::sort's scratch
    // (about n / ranks each), and the host copies and gathered keys of the
    // checks (n): at most 4 n in all, on one rank.
    if (wants("kp-mpi")) held += 4 * n * t;
    if (wants("kp-comparator")) held += n * t;  // the merge sort's copy
    // The segmented rows: the offsets (about 16 bytes a segment, kept and
    // on the space), the reference, the host merge's copy or CUB's buffer.
    if (wants("kp-segmented") || wants("std-sort-segments") || (gpu && wants("cub-segmented")))
      held += n * t + 16 * n / static_cast<double>(segment_length_) + n * t;
    // The largest buffer one row allocates while it runs or is checked.
    double transient = 0;
    const auto at_most = [&transient](bool row, double bytes) {
      if (row) transient = std::max(transient, bytes);
    };
    at_most(wants("kp-indices"), n * t);  // sort_indices' copy of the keys
    at_most(serial && wants("std-stable-sort"), 0.5 * n * t);
    at_most(serial && wants("std-stable-sort-pairs"), 0.5 * n * pair);
    at_most(openmp && wants("std-sort-par"), 2 * n * t);  // the parallel STL's (measured)
    // The checks of the unstable rows by a bit range: a run of ties, twice.
    at_most(bits_ >= 0 && bits_ < 8 * t, 2 * n * t);
    // BinSort: its permutation (size_t), bin counts (int) and offsets
    // (size_t) for n / 2 bins, and a sorted copy of the keys.
    at_most((!gpu && wants("kokkos-binsort")) || (gpu && wants("kokkos-sort")), n * (14 + t));
    at_most(gpu, n * 8);  // the checks' host copies (of indices, the largest)
    space_peak = std::max(space_peak, held + transient);
  }
  // --output of uint8 or uint16 keys: their uint32 copy for the writer.
  const double widened = !output_file_.empty() && t < 4 ? 4 * n : 0;
  return std::max({load, prepare, kept + space_peak + widened});
}

void SortApp::prepare(const CommonOptions& options) {
  if (options.size > kMaxKeys) {
    throw UsageError(
        "--size: at most 2^32 keys (the pairs rows' values and the check's "
        "permutation are uint32 indices)");
  }
  with_input([&](auto& input) {
    using T = typename std::decay_t<decltype(input.keys)>::value_type;
    const Order order{bits_ >= 0 ? bits_ : kKeyBits<T>, order_ == "descending"};
    bool from_file = false;
    if constexpr (kFileType<T>) {
      if (file_) {
        // Moved in: freed once copied, before the reference is made.
        input = input_from_values(std::move(std::get<std::vector<T>>(file_->values)), order);
        from_file = true;
      }
    }
    if (!from_file) input = make_input<T>(options.size, parse_dist(dist_), order);
    input.output = &output_;
    // BinSort's limit costs a pass over the keys: only where a BinSort row runs.
    const bool gpu_space = among(options.spaces, "cuda");
    facts_ = facts_of(input, among(options.variants, "kokkos-binsort") ||
                                 (gpu_space && among(options.variants, "kokkos-sort")));
    facts_.ranks = ranks();
  });
  file_.reset();
  // A run whose every requested row cannot sort this input on every
  // requested space: refused, with the reasons.
  std::string reasons;
  for (const std::string& variant : options.variants) {
    std::string why;
    for (const std::string& space : options.spaces) {
      const std::string reason = variant_limit(variant, space == "cuda", facts_);
      if (reason.empty()) return;
      why = reason;
    }
    reasons += (reasons.empty() ? "" : "; ") + variant + ": " + why;
  }
  if (!reasons.empty())
    throw UsageError("no requested variant can sort these keys (" + reasons + ")");
}

std::string variant_limit(const std::string& variant, bool gpu, const RunFacts& facts) {
  const bool by_bits = facts.bits < facts.key_bits;
  if (variant == "kp-mpi" && (facts.descending || by_bits)) {
    return "kp::mpi::sort sorts ascending by the whole key";
  }
  if (variant != "kp-mpi" && facts.ranks > 1) return "runs on one rank only";
  if (variant == "kp-pairs" && facts.descending && by_bits &&
      !kp_sorts_pairs_descending_by_bits()) {
    return "kp::sort_by_key has no descending sort by a bit range";
  }
  if (variant == "kp-indices" && by_bits && !kp_sorts_indices_by_bits()) {
    return "kp::sort_indices has no bit range";
  }
  const bool binsort = (variant == "kokkos-binsort" && !gpu) ||
                       (variant == "kokkos-sort" && gpu && KOKKOS_VERSION < 40000);
  if (variant == "kokkos-sort" || binsort) {
    if (facts.descending) return "Kokkos::sort sorts ascending only";
    if (by_bits) return "Kokkos::sort sorts by the whole key";
    if (facts.has_nan) return "NaN keys break the < that Kokkos::sort compares with";
    if (facts.both_zeros)
      return "Kokkos::sort's < holds -0.0 and +0.0 equal: their order is not set";
    if (binsort && !facts.binsort.empty()) return "Kokkos 3.4's BinSort: " + facts.binsort;
    // Seen on the H100 (1-byte keys; 2-byte keys not tried): the sort fails
    // with cudaErrorInvalidAddressSpace, which then fails every later call.
    if (binsort && gpu && facts.key_bits < 32) {
      return "Kokkos 3.4's BinSort fails on CUDA for keys under 4 bytes";
    }
  }
  const bool segmented =
      variant == "kp-segmented" || variant == "std-sort-segments" || variant == "cub-segmented";
  if (segmented && by_bits) return "the segmented sorts sort by the whole key";
  if (gpu && variant.rfind("cub-", 0) == 0) {
    // The merge sort compares with the run's order, which ranks -0.0 first.
    if (facts.both_zeros && variant != "cub-merge-sort")
      return "CUB's radix sort holds -0.0 and +0.0 equal: their order is not set";
    if (facts.size > static_cast<std::uint64_t>(INT_MAX)) return "CUB's num_items is an int";
    // Seen on the H100: [1, NaN, 0, 2] came back with 1 first.
    if (facts.has_nan && variant == "cub-segmented")
      return "CUB's segmented sort misplaces NaN keys";
  }
  return "";
}

template <class Space>
SpaceCase SortApp::make_case(const CommonOptions& options) {
  // The last space's kp scratch (the workspace cache keeps one per space):
  // freed, so that the host holds one space's at a time.
  kp::release_workspaces();
  Selection selection;
  selection.segment_length = segment_length_;
  std::string left_out;
  for (const std::string& variant : options.variants) {
    const std::string reason = variant_limit(variant, is_gpu_space<Space>(), facts_);
    if (reason.empty()) {
      selection.variants.push_back(variant);
    } else {
      left_out += (left_out.empty() ? "" : "; ") + variant + " (" + reason + ")";
    }
  }
  if (!left_out.empty() && rank() == 0) {
    std::cerr << name << ": on " << space_name<Space>() << ", left out: " << left_out << "\n";
  }
  return with_input([&](const auto& input) { return make_typed_case<Space>(input, selection); });
}

KP_APP_CASES(SortApp)

}  // namespace bench::sort
