#pragma once
// What an application hands the runner for one execution space: the variants
// it can run there, each with a correctness check, and the bytes and items one
// run moves, from which the report derives GB/s and items/s.
#include <functional>
#include <string>
#include <vector>

namespace kp {

struct Check {
  bool pass = false;
  std::string detail;  // e.g. "|err| 3e-7 <= tol 1e-5", shown in the table and CSV
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
};

struct SpaceCase {
  double bytes_per_run = 0;  // compulsory traffic: each input read once, each output written once
  double items_per_run = 0;
  std::vector<Variant> variants;
};

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
  Check check;
};

// Poisons the output, runs once and checks it, then warms up and times
// `repeat` fenced runs (fewer when they exceed max_seconds). The check comes first so that a wrong
// variant is reported as FAIL even if a later run would have overwritten the evidence.
Measurement measure(const Variant& variant, const Timing& timing);

}  // namespace kp
