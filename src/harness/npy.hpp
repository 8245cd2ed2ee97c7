#pragma once
// NumPy .npy files: the user's own data in, results out.
//
// The reader takes one 1-D array (format 1.0, 2.0 or 3.0, C or Fortran order)
// of little-endian float32, float64, int32 or int64 and refuses anything else
// (2-D arrays, big-endian, other dtypes, object arrays, a truncated file, a
// shape that disagrees with the file size) with a one-line UsageError, so an
// application exits 2 before any work.
//
// The writer writes 1-D or 2-D arrays (C order) through write_atomically
// (output_file.hpp), so a run that fails never leaves a half-written file.
#include <cmath>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "harness/usage.hpp"

namespace bench::npy {

// The values of a 1-D array, in the file's own element type.
using Values = std::variant<std::vector<float>, std::vector<double>, std::vector<std::int32_t>,
                            std::vector<std::int64_t>>;

struct Array {
  std::string descr;  // as in the header, e.g. "<f4"
  Values values;

  std::size_t size() const;
  // "float32", "float64", "int32" or "int64".
  const char* type_name() const;
};

// Reads a 1-D array. `what` names the source in messages (e.g. "--input").
// Throws UsageError.
Array read(const std::string& path, const std::string& what);

// The values converted to To, each exactly: a fraction, an out-of-range value
// or an infinity that To cannot hold is a UsageError naming `where` and the
// first such index. NaN converts to a floating-point To (the caller decides
// whether it accepts NaN) and is refused for an integer To.
template <class To>
std::vector<To> exact_values(const Array& array, const std::string& where);

// The same from a stream of `file_size` bytes (the fuzz target's entry).
Array read(std::istream& file, std::uint64_t file_size, const std::string& where);

// True when the path ends in ".npy".
bool has_npy_suffix(const std::string& path);

// Writes a C-order array of the given shape (1 or 2 dimensions; the product
// of the shape must be the element count). T is float, double, int32, int64,
// uint32 or uint64. Throws std::runtime_error naming the path on failure,
// leaving no file behind.
template <class T>
void write(const std::string& path, const T* data, const std::vector<std::uint64_t>& shape);

// An application's --output FILE.npy: written once, from the first checked
// variant's result (the first variant of the first space), and only when that
// check passed. Later offers are ignored.
class FirstResult {
 public:
  // Refuses (UsageError) a path without .npy or one check_writable refuses.
  void set_path(const std::string& path, const std::string& what);
  // The path set ("" = none), for the run's check that outputs are distinct.
  const std::string& path() const { return path_; }
  // True while a path is set and no result has been offered yet.
  bool pending() const { return !path_.empty() && !decided_; }
  template <class T>
  void offer(bool pass, const T* data, const std::vector<std::uint64_t>& shape) {
    if (!pending()) return;
    decided_ = true;
    if (pass) write(path_, data, shape);
  }

 private:
  std::string path_;
  bool decided_ = false;
};

template <class To>
std::vector<To> exact_values(const Array& array, const std::string& where) {
  return std::visit(
      [&](const auto& values) {
        using From = typename std::decay_t<decltype(values)>::value_type;
        std::vector<To> out(values.size());
        for (std::size_t i = 0; i < values.size(); ++i) {
          const From v = values[i];
          bool exact = true;
          if constexpr (std::is_integral_v<To> && std::is_floating_point_v<From>) {
            // Two's complement limits: min is -2^k exactly, max + 1 is 2^k.
            const From low = static_cast<From>(std::numeric_limits<To>::min());
            const From high = -low;
            exact = std::isfinite(v) && v == std::trunc(v) && v >= low && v < high;
          } else if constexpr (std::is_integral_v<To>) {
            exact = std::in_range<To>(v);
          } else if constexpr (std::is_floating_point_v<From>) {
            exact = std::isnan(v) || static_cast<From>(static_cast<To>(v)) == v;
          } else {
            // int32/int64 to float/double: long double holds both exactly.
            exact = static_cast<long double>(static_cast<To>(v)) == static_cast<long double>(v);
          }
          if (!exact) {
            throw UsageError(where + ": value " + std::to_string(v) + " at index " +
                             std::to_string(i) + " does not convert exactly to " +
                             std::string(std::is_integral_v<To> ? "int" : "float") +
                             std::to_string(8 * sizeof(To)) + ", the type this application runs");
          }
          out[i] = static_cast<To>(v);
        }
        return out;
      },
      array.values);
}

}  // namespace bench::npy
