#include "harness/report.hpp"

#include "harness/output_file.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace bench {

bool same_computation(const Row& a, const Row& b) {
  return a.app == b.app && a.form == b.form && a.params == b.params && a.size == b.size;
}

std::vector<double> speedups_over_serial(const std::vector<Row>& rows) {
  std::vector<double> speedups(rows.size(), 0.0);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    for (const Row& base : rows) {
      if (base.space == "serial" && base.variant == rows[i].variant &&
          same_computation(base, rows[i]) && rows[i].median_s > 0) {
        speedups[i] = base.median_s / rows[i].median_s;
      }
    }
  }
  return speedups;
}

bool reads_only(const std::string& app) {
  return app == "reduce" || app == "minloc";
}

void attach_ceilings(std::vector<Row>& rows) {
  for (Row& row : rows) {
    row.ceiling_gbps = 0;
    for (const Row& ceiling : rows) {
      if (ceiling.app == "bandwidth" && ceiling.space == row.space &&
          (ceiling.variant != "read" || reads_only(row.app) || row.app == "bandwidth") &&
          (ceiling.variant != "gather" || row.app == "bandwidth")) {
        row.ceiling_gbps = std::max(row.ceiling_gbps, ceiling.gbps());
      }
    }
  }
}

namespace {

std::string fixed(double value, int precision) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(precision) << value;
  return out.str();
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string number(double value) {
  std::ostringstream out;
  out << std::setprecision(9) << value;
  return out.str();
}

// JSON lacks NaN and the infinities: they are written as strings.
nlohmann::ordered_json json_value(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return value;
}

}  // namespace

std::string json_number(double value) {
  return json_value(value).dump();
}

void print_table(std::ostream& out, const std::vector<Row>& rows) {
  const auto speedups = speedups_over_serial(rows);
  const char* header[] = {"space", "variant", "kind",  "form",    "median us", "min us", "max us",
                          "runs",  "GB/s",    "%ceil", "Gitem/s", "speedup",   "check"};
  std::vector<std::vector<std::string>> cells;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    cells.push_back({r.space, r.variant, r.kind, r.form, fixed(r.median_s * 1e6, 1),
                     fixed(r.min_s * 1e6, 1), fixed(r.max_s * 1e6, 1), std::to_string(r.repeat),
                     r.bytes > 0 ? fixed(r.gbps(), 1) : "-",
                     r.bytes > 0 && r.ceiling_gbps > 0 ? fixed(r.percent_of_ceiling(), 0) : "-",
                     r.items > 0 ? fixed(r.gitems(), 3) : "-",
                     speedups[i] > 0 ? fixed(speedups[i], 1) + "x" : "-",
                     r.pass ? "PASS" : "FAIL " + r.detail});
  }
  std::vector<std::size_t> width(std::size(header));
  for (std::size_t c = 0; c < width.size(); ++c) {
    width[c] = std::string(header[c]).size();
    for (const auto& row : cells) width[c] = std::max(width[c], row[c].size());
  }
  const auto line = [&](auto&& cell) {
    for (std::size_t c = 0; c < width.size(); ++c) {
      // Names align left, numbers right, the check column is last and ragged.
      const bool left = c < 4 || c + 1 == width.size();
      out << (left ? std::left : std::right) << std::setw(static_cast<int>(width[c])) << cell(c)
          << (c + 1 == width.size() ? "\n" : "  ");
    }
  };
  if (!rows.empty()) {
    out << rows.front().app << ": size " << rows.front().size << ", " << rows.front().params
        << (rows.front().params.empty() ? "" : ", ") << "median of the timed runs\n";
  }
  line([&](std::size_t c) { return std::string(header[c]); });
  for (const auto& row : cells) line([&](std::size_t c) { return row[c]; });
}

void write_csv(std::ostream& out, const std::vector<Row>& rows) {
  const auto speedups = speedups_over_serial(rows);
  out << "app,space,variant,form,kind,params,size,repeat,median_s,min_s,max_s,bytes,items,gbps,"
         "gitems_per_s,speedup_vs_serial,ceiling_gbps,percent_of_ceiling,check,detail\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    out << csv_field(r.app) << ',' << csv_field(r.space) << ',' << csv_field(r.variant) << ','
        << csv_field(r.form) << ',' << csv_field(r.kind) << ',' << csv_field(r.params) << ','
        << r.size << ',' << r.repeat << ',' << number(r.median_s) << ',' << number(r.min_s) << ','
        << number(r.max_s) << ',' << number(r.bytes) << ',' << number(r.items) << ','
        << number(r.gbps()) << ',' << number(r.gitems()) << ',' << number(speedups[i]) << ','
        << number(r.ceiling_gbps) << ',' << number(r.percent_of_ceiling()) << ','
        << (r.pass ? "PASS" : "FAIL") << ',' << csv_field(r.detail) << '\n';
  }
}

void write_json(std::ostream& out, const std::vector<Row>& rows) {
  const auto speedups = speedups_over_serial(rows);
  out << "[\n";  // one row a line
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    nlohmann::ordered_json row = {{"app", r.app},
                                  {"space", r.space},
                                  {"variant", r.variant},
                                  {"form", r.form},
                                  {"kind", r.kind},
                                  {"params", r.params},
                                  {"size", r.size},
                                  {"repeat", r.repeat},
                                  {"median_s", json_value(r.median_s)},
                                  {"min_s", json_value(r.min_s)},
                                  {"max_s", json_value(r.max_s)},
                                  {"bytes", json_value(r.bytes)},
                                  {"items", json_value(r.items)},
                                  {"gbps", json_value(r.gbps())},
                                  {"gitems_per_s", json_value(r.gitems())},
                                  {"speedup_vs_serial", json_value(speedups[i])},
                                  {"ceiling_gbps", json_value(r.ceiling_gbps)},
                                  {"percent_of_ceiling", json_value(r.percent_of_ceiling())},
                                  {"check", r.pass ? "PASS" : "FAIL"},
                                  {"detail", r.detail}};
    if (!r.result.empty()) row["result"] = nlohmann::ordered_json::parse(r.result);
    row["samples_s"] = nlohmann::ordered_json::array();
    for (double s : r.samples_s) row["samples_s"].push_back(json_value(s));
    out << "  " << row.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
        << (i + 1 < rows.size() ? ",\n" : "\n");
  }
  out << "]\n";
}

void write_files(const std::vector<Row>& rows, const std::string& csv_path,
                 const std::string& json_path) {
  const auto write = [&](const std::string& path,
                         void (*writer)(std::ostream&, const std::vector<Row>&)) {
    if (path.empty()) return;
    std::ostringstream text;
    writer(text, rows);
    write_atomically(path, text.str());
  };
  write(csv_path, write_csv);
  write(json_path, write_json);
}

}  // namespace bench
