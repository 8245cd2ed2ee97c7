#pragma once
// One reporting path for every application: a fixed-width table on stdout,
// and the same rows as CSV and JSON for plotting.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace bench {

// A row's identity is (app, form, params, size, space, variant): everything
// that defines its computation. Rows compare (a speedup, a variant against a
// baseline, one run against another in scripts/compare.py) only where all of
// it but the space or the variant is the same.
struct Row {
  std::string app;
  std::string space;
  std::string variant;
  std::string params;  // application parameters that shape the run, e.g. "type=float"
  std::uint64_t size = 0;
  int repeat = 0;
  double median_s = 0, min_s = 0, max_s = 0;
  double bytes = 0;  // per run
  double items = 0;  // per run
  bool pass = false;
  std::string detail;
  // The space's measured memory ceiling (the bandwidth app's best GB/s in
  // the same run), 0 when unknown; the report then shows GB/s as a share of it.
  double ceiling_gbps = 0;
  std::string kind = "ours";  // the variant's kind: ours, baseline or ceiling
  std::string form{};  // what the variant computes (Variant::form; the app's name by default)
  // Written to JSON only: the check's result as a JSON value ("" = none) and
  // every timed run, for tests between runs (scripts/compare.py).
  std::string result{};
  std::vector<double> samples_s{};

  double gbps() const { return median_s > 0 ? bytes / median_s * 1e-9 : 0; }
  double gitems() const { return median_s > 0 ? items / median_s * 1e-9 : 0; }
  double percent_of_ceiling() const { return ceiling_gbps > 0 ? 100 * gbps() / ceiling_gbps : 0; }
};

// Sets each row's ceiling_gbps to the best GB/s of the `bandwidth` rows of
// its space (rows of spaces without such a row keep 0). The read-only stream
// (`read`) counts only for the apps that only read (reads_only) and for the
// bandwidth rows themselves: a copy or a scan also writes, and a CPU writes
// more slowly than it reads.
void attach_ceilings(std::vector<Row>& rows);

// Whether two rows compute the same thing: the same app, form, params and size
// (their space and variant may differ).
bool same_computation(const Row& a, const Row& b);
// Whether an application's compulsory traffic is a read of its input alone.
bool reads_only(const std::string& app);
// Speedup of each row over the Serial row of the same app, variant and
// params; 0 where no Serial row exists.
std::vector<double> speedups_over_serial(const std::vector<Row>& rows);

// A number as write_json writes it: the shortest text that reads back as the
// same double; non-finite values, which JSON lacks, become the strings "nan",
// "inf", "-inf".
std::string json_number(double value);

void print_table(std::ostream& out, const std::vector<Row>& rows);
void write_csv(std::ostream& out, const std::vector<Row>& rows);
void write_json(std::ostream& out, const std::vector<Row>& rows);

// Writes CSV/JSON to the given paths ("" = skip), each atomically
// (output_file.hpp); throws std::runtime_error with the path when a file
// cannot be written, leaving the old file in place.
void write_files(const std::vector<Row>& rows, const std::string& csv_path,
                 const std::string& json_path);

}  // namespace bench
