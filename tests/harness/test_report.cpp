#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>
#include <sstream>

#include "harness/report.hpp"

namespace {
bench::Row row(const char* space, const char* variant, double seconds, bool pass = true) {
  bench::Row r;
  r.app = "reduce";
  r.space = space;
  r.variant = variant;
  r.form = "reduce";
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
  const std::vector<bench::Row> rows = {row("serial", "kokkos", 4.0), row("openmp", "kokkos", 1.0),
                                        row("openmp", "atomic", 1.0)};
  const auto s = bench::speedups_over_serial(rows);
  CHECK(s[0] == 1.0);
  CHECK(s[1] == 4.0);
  CHECK(s[2] == 0.0);
}

TEST_CASE("speedup compares one computation only: form, params and size alike", "[report]") {
  std::vector<bench::Row> rows = {row("serial", "kp", 4.0), row("openmp", "kp", 1.0),
                                  row("openmp", "kp", 1.0), row("openmp", "kp", 1.0),
                                  row("openmp", "kp", 1.0)};
  rows[2].form = "max";  // another computation of the same app and variant name
  rows[3].size = 2000;
  rows[4].params = "type=double";
  const auto s = bench::speedups_over_serial(rows);
  CHECK(s[1] == 4.0);
  CHECK(s[2] == 0.0);
  CHECK(s[3] == 0.0);
  CHECK(s[4] == 0.0);
  CHECK(bench::same_computation(rows[0], rows[1]));
  CHECK_FALSE(bench::same_computation(rows[0], rows[2]));
}

TEST_CASE("JSON rows carry the timed samples and the check's result", "[report]") {
  std::vector<bench::Row> rows = {row("serial", "kokkos", 2e-3), row("openmp", "kokkos", 1e-3)};
  rows[0].samples_s = {2e-3, 1.5e-3, 2.5e-3};
  rows[0].result = "{\"value\": 1.5, \"index\": 7}";
  std::ostringstream json;
  bench::write_json(json, rows);
  const std::string text = json.str();
  CHECK(text.find("\"result\":{\"value\":1.5,\"index\":7},\"samples_s\":[0.002,0.0015,0.0025]}") !=
        std::string::npos);
  CHECK(text.find("\"samples_s\":[]}") != std::string::npos);  // the row without samples
  CHECK(bench::json_number(0.1f) == "0.10000000149011612");    // the float, exactly
  CHECK(bench::json_number(1.0 / 3) == "0.3333333333333333");  // reads back as the same double
  CHECK(bench::json_number(-1.0 / 0.0) == "\"-inf\"");
  CHECK(bench::json_number(0.0 / 0.0) == "\"nan\"");
}

TEST_CASE("CSV and JSON carry every row, escaped", "[report]") {
  const std::vector<bench::Row> rows = {row("serial", "kokkos", 2e-3),
                                        row("openmp", "kokkos", 1e-3, false)};
  std::ostringstream csv, json, table;
  bench::write_csv(csv, rows);
  bench::write_json(json, rows);
  bench::print_table(table, rows);
  CHECK(csv.str().find("\"a \"\"quoted\"\", detail\"") != std::string::npos);
  CHECK(json.str().find("\"detail\":\"a \\\"quoted\\\", detail\"") != std::string::npos);
  CHECK(json.str().find("\"gbps\":0.004,") != std::string::npos);  // 4000 B / 1 ms
  CHECK(table.str().find("FAIL") != std::string::npos);
  CHECK(table.str().find("2.0x") != std::string::npos);
  std::size_t lines = 0;
  for (char c : csv.str()) lines += c == '\n';
  CHECK(lines == 3);
}

TEST_CASE("write_files reports an unwritable path", "[report]") {
  CHECK_THROWS(bench::write_files({}, "/nonexistent-dir/x.csv", ""));
}

TEST_CASE("ceilings come from the bandwidth rows of the same space", "[report]") {
  std::vector<bench::Row> rows = {row("openmp", "kokkos", 1e-3), row("serial", "kokkos", 1e-3)};
  bench::Row copy = row("openmp", "copy", 1e-3);
  copy.app = "bandwidth";
  copy.bytes = 16000;  // 0.016 GB/s, four times the kokkos row's 0.004
  rows.push_back(copy);
  bench::attach_ceilings(rows);
  CHECK(rows[0].percent_of_ceiling() == Catch::Approx(25.0));
  CHECK(rows[1].ceiling_gbps == 0);  // no serial bandwidth row
  std::ostringstream table;
  bench::print_table(table, rows);
  CHECK(table.str().find("%ceil") != std::string::npos);
}

TEST_CASE("every row says whose algorithm it is, in the table, CSV and JSON", "[report]") {
  std::vector<bench::Row> rows = {row("serial", "vector", 1e-3), row("serial", "std-reduce", 1e-3)};
  rows[1].kind = "baseline";
  CHECK(rows[0].kind == "ours");  // the default
  std::ostringstream csv, json, table;
  bench::write_csv(csv, rows);
  bench::write_json(json, rows);
  bench::print_table(table, rows);
  CHECK(csv.str().rfind("app,space,variant,form,kind,params,", 0) == 0);
  CHECK(csv.str().find("reduce,serial,vector,reduce,ours,") != std::string::npos);
  CHECK(csv.str().find("reduce,serial,std-reduce,reduce,baseline,") != std::string::npos);
  CHECK(json.str().find("\"variant\":\"std-reduce\",\"form\":\"reduce\",\"kind\":\"baseline\"") !=
        std::string::npos);
  CHECK(table.str().find("kind") != std::string::npos);
  CHECK(table.str().find("baseline") != std::string::npos);
}

TEST_CASE("the read ceiling holds only the apps that only read", "[report]") {
  std::vector<bench::Row> rows = {row("openmp", "vector", 1e-3)};  // reduce: 0.004 GB/s
  rows.push_back(row("openmp", "decoupled-lookback", 1e-3));
  rows.back().app = "scan";
  bench::Row triad = row("openmp", "triad", 1e-3);
  triad.app = "bandwidth";
  triad.bytes = 8000;  // 0.008 GB/s
  bench::Row read = triad;
  read.variant = "read";
  read.bytes = 16000;  // 0.016 GB/s
  rows.push_back(triad);
  rows.push_back(read);
  bench::attach_ceilings(rows);
  CHECK(bench::reads_only("reduce"));
  CHECK(bench::reads_only("minloc"));
  CHECK_FALSE(bench::reads_only("scan"));
  CHECK(rows[0].ceiling_gbps == Catch::Approx(0.016));  // reduce: the read stream
  CHECK(rows[1].ceiling_gbps == Catch::Approx(0.008));  // scan: triad, not read
}
