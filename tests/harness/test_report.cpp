#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>
#include <sstream>

#include "harness/report.hpp"

namespace {
kp::Row row(const char* space, const char* variant, double seconds, bool pass = true) {
  kp::Row r;
  r.app = "reduce";
  r.space = space;
  r.variant = variant;
  r.params = "type=float";
  r.size = 1000;
  r.repeat = 3;
  r.median_s = r.min_s = r.max_s = seconds;
  r.bytes = 4000;
  r.items = 1000;
  r.pass = pass;
  r.detail = "a \"quoted\", detail";
  return r;
}
}  // namespace

TEST_CASE("speedup is relative to the Serial row of the same variant", "[report]") {
  const std::vector<kp::Row> rows = {row("serial", "kokkos", 4.0), row("openmp", "kokkos", 1.0),
                                     row("openmp", "atomic", 1.0)};
  const auto s = kp::speedups_over_serial(rows);
  CHECK(s[0] == 1.0);
  CHECK(s[1] == 4.0);
  CHECK(s[2] == 0.0);
}

TEST_CASE("CSV and JSON carry every row, escaped", "[report]") {
  const std::vector<kp::Row> rows = {row("serial", "kokkos", 2e-3),
                                     row("openmp", "kokkos", 1e-3, false)};
  std::ostringstream csv, json, table;
  kp::write_csv(csv, rows);
  kp::write_json(json, rows);
  kp::print_table(table, rows);
  CHECK(csv.str().find("\"a \"\"quoted\"\", detail\"") != std::string::npos);
  CHECK(json.str().find("\"detail\": \"a \\\"quoted\\\", detail\"") != std::string::npos);
  CHECK(json.str().find("\"gbps\": 0.004,") != std::string::npos);  // 4000 B / 1 ms
  CHECK(table.str().find("FAIL") != std::string::npos);
  CHECK(table.str().find("2.0x") != std::string::npos);
  std::size_t lines = 0;
  for (char c : csv.str()) lines += c == '\n';
  CHECK(lines == 3);
}

TEST_CASE("write_files reports an unwritable path", "[report]") {
  CHECK_THROWS(kp::write_files({}, "/nonexistent-dir/x.csv", ""));
}

TEST_CASE("ceilings come from the bandwidth rows of the same space", "[report]") {
  std::vector<kp::Row> rows = {row("openmp", "kokkos", 1e-3), row("serial", "kokkos", 1e-3)};
  kp::Row copy = row("openmp", "copy", 1e-3);
  copy.app = "bandwidth";
  copy.bytes = 16000;  // 0.016 GB/s, four times the kokkos row's 0.004
  rows.push_back(copy);
  kp::attach_ceilings(rows);
  CHECK(rows[0].percent_of_ceiling() == Catch::Approx(25.0));
  CHECK(rows[1].ceiling_gbps == 0);  // no serial bandwidth row
  std::ostringstream table;
  kp::print_table(table, rows);
  CHECK(table.str().find("%ceil") != std::string::npos);
}
