#pragma once
// What an application hands the runner for one execution space: the variants
// it can run there, each with a correctness check, and the bytes and items one
// run moves, from which the report derives GB/s and items/s.
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

struct Check {
  bool pass = false;
  std::string detail;    // e.g. "|err| 3e-7 <= tol 1e-5", shown in the table and CSV
  std::string result{};  // optional: the checked result as a JSON value (a sum, {"value":..})
};

struct Variant {
  std::string name;
  // Launches one execution; may return before the work is done (the runner fences).
  std::function<void()> run;
  // Verifies the output of the last run against the application's reference.
  std::function<Check()> check;
  // Overwrites the output with garbage, so a run that skips elements fails its check.
  std::function<void()> poison = [] {};
  // Compulsory bytes of this variant where they differ from the case's
  // (e.g. copy moves 2 arrays, triad 3); 0 means SpaceCase::bytes_per_run.
  double bytes_per_run = 0;
  // Whose algorithm this is: "ours" (the project's), "baseline" (what a user
  // would pick instead: Kokkos built-ins, Kokkos Kernels, CUB, the standard
  // library, plain loops) or "ceiling" (the bandwidth app's streams).
  std::string kind = "ours";
  // What it computes, where an app computes more than one thing (the scan
  // app's max-scan, copy-if, segmented sums...); empty: the app's own
  // computation, named after the app. Rows of one form compare with each
  // other (report.hpp: a row's identity).
  std::string form{};
  // Under MPI: its run already gives the global answer over the ranks (the
  // kp::mpi call), so the case's combine is not applied to it.
  bool global = false;
};

struct SpaceCase {
  double bytes_per_run = 0;  // compulsory traffic: each input read once, each output written once
  double items_per_run = 0;
  std::vector<Variant> variants;
  // Under MPI (harness/ranks.hpp) every rank runs the variants on its slice:
  // combine turns the rank's result of any variant into the global answer on
  // every rank (a collective, run and timed after each run). Left empty, the
  // case's variants other than global ones run on one rank only.
  std::function<void()> combine{};
};

// Sets the kind of the named variants (those present; others are left as
// they are): one list per application says which of its rows are baselines.
inline void set_kind(SpaceCase& space_case, std::initializer_list<std::string_view> names,
                     const char* kind) {
  for (Variant& variant : space_case.variants) {
    for (const std::string_view name : names) {
      if (variant.name == name) variant.kind = kind;
    }
  }
}

struct Timing {
  int warmup = 3;
  int repeat = 15;
  // Stop timing a variant once its timed runs took this long and at least
  // kMinSamples ran: a 4 s emulation need not run 15 times for its median.
  double max_seconds = 5.0;
  static constexpr int kMinSamples = 3;
};

struct Measurement {
  double median_s = 0, min_s = 0, max_s = 0;
  int samples = 0;
  std::vector<double> samples_s;  // every timed run, in order
  Check check;
};

// Poisons the output, runs once and checks it, then warms up and times
// `repeat` fenced runs (fewer when they exceed max_seconds). The check comes first so that a wrong
// variant is reported as FAIL even if a later run would have overwritten the evidence.
// Under MPI every rank calls it together: each run starts after a barrier,
// its time is the slowest rank's, and the check passes when it passes on
// every rank (the detail is rank 0's).
Measurement measure(const Variant& variant, const Timing& timing);

}  // namespace bench
