// npy_tool: the tests' hands on harness/npy.hpp.
//   npy_tool read FILE                       prints "dtype n", then the values on one line
//   npy_tool header FILE                     prints the header dictionary (any shape)
//   npy_tool dump FILE                       the header, then the values of a <u4/<u8 array
//   npy_tool write FILE TYPE SHAPE V,V,...   TYPE float32|float64|int32|int64|uint32|uint64,
//                                            SHAPE "n" or "rows x cols" as "RxC"
//   npy_tool fixtures DIR                    writes the small files the CLI tests read
// Exit codes: 0 done, 2 refused input (the reader's one-line message).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "harness/npy.hpp"
#include "harness/usage.hpp"

namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> items;
  std::stringstream stream(text);
  std::string item;
  while (std::getline(stream, item, sep)) items.push_back(item);
  return items;
}

template <class T>
void write_values(const std::string& path, const std::vector<std::string>& text,
                  const std::vector<std::uint64_t>& shape) {
  std::vector<T> values;
  for (const auto& item : text) {
    if constexpr (std::is_floating_point_v<T>) {
      values.push_back(static_cast<T>(std::strtod(item.c_str(), nullptr)));
    } else if constexpr (std::is_signed_v<T>) {
      values.push_back(static_cast<T>(std::strtoll(item.c_str(), nullptr, 10)));
    } else {
      values.push_back(static_cast<T>(std::strtoull(item.c_str(), nullptr, 10)));
    }
  }
  bench::npy::write(path, values.data(), shape);
}

void write_typed(const std::string& path, const std::string& type, const std::string& shape_text,
                 const std::string& values) {
  std::vector<std::uint64_t> shape;
  for (const auto& d : split(shape_text, 'x')) shape.push_back(std::stoull(d));
  const auto items = values.empty() ? std::vector<std::string>() : split(values, ',');
  if (type == "float32") return write_values<float>(path, items, shape);
  if (type == "float64") return write_values<double>(path, items, shape);
  if (type == "int32") return write_values<std::int32_t>(path, items, shape);
  if (type == "int64") return write_values<std::int64_t>(path, items, shape);
  if (type == "uint32") return write_values<std::uint32_t>(path, items, shape);
  if (type == "uint64") return write_values<std::uint64_t>(path, items, shape);
  throw bench::UsageError("unknown type '" + type + "'");
}

// A file with a hand-made header (for what the writer never produces).
void write_raw(const std::string& path, const std::string& dict, const std::string& data) {
  std::string header = dict;
  header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
  header += '\n';
  std::ofstream file(path, std::ios::binary);
  file << std::string("\x93NUMPY\x01\x00", 8) << static_cast<char>(header.size() & 0xff)
       << static_cast<char>(header.size() >> 8) << header << data;
}

void fixtures(const std::string& dir) {
  const auto at = [&](const char* name) { return dir + "/" + name; };
  // Small integers: every summation order is exact, so every check is exact too.
  write_typed(at("f4.npy"), "float32", "8", "3,-1,4,1,-5,9,2,-6");
  write_typed(at("f8.npy"), "float64", "8", "3,-1,4,1,-5,9,2,-6");
  write_typed(at("i4.npy"), "int32", "8", "3,-1,4,1,-5,9,2,-6");
  write_typed(at("i8.npy"), "int64", "8", "3,-1,4,1,-5,9,2,-6");
  write_typed(at("big-i8.npy"), "int64", "2", "9007199254740993,1");  // 2^53 + 1
  write_typed(at("nan.npy"), "float32", "4", "1,nan,0,2");
  write_typed(at("inf.npy"), "float64", "3", "1,inf,2");
  write_typed(at("fraction.npy"), "float64", "3", "1,0.5,2");
  write_typed(at("empty.npy"), "float32", "0", "");
  write_typed(at("2d.npy"), "float32", "2x2", "1,2,3,4");
  write_typed(at("u8.npy"), "uint64", "2", "1,2");
  write_typed(at("weights.npy"), "float64", "4", "1,0,2,1");
  write_typed(at("zero-weights.npy"), "float64", "2", "0,0");
  write_typed(at("negative-weight.npy"), "float32", "3", "1,-1,2");
  // Subnormal weights: their total is subnormal too, and n / total overflows.
  write_typed(at("subnormal-weights.npy"), "float64", "3", "5e-324,1e-310,0");
  // Sums that overflow the type although every value fits.
  write_typed(at("overflow-f4.npy"), "float32", "2", "3e38,3e38");
  write_typed(at("overflow-f8.npy"), "float64", "2", "1.7e308,1.7e308");
  const std::string four_floats(16, '\0');
  write_raw(at("big-endian.npy"), "{'descr': '>f4', 'fortran_order': False, 'shape': (4,), }",
            four_floats);
  write_raw(at("truncated.npy"), "{'descr': '<f4', 'fortran_order': False, 'shape': (100,), }",
            four_floats);
  write_raw(at("u1.npy"), "{'descr': '|u1', 'fortran_order': False, 'shape': (16,), }",
            four_floats);
  write_raw(at("object.npy"), "{'descr': '|O', 'fortran_order': False, 'shape': (2,), }",
            four_floats);
  // A NUL byte inside the descr: the message must show it, not stop at it.
  write_raw(at("nul-descr.npy"),
            std::string("{'descr': '<f") + '\0' + "x', 'fortran_order': False, 'shape': (4,), }",
            four_floats);
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  try {
    if (args.size() == 2 && args[0] == "read") {
      const auto array = bench::npy::read(args[1], "npy_tool");
      std::cout << array.type_name() << " " << array.size() << "\n";
      std::cout.precision(std::numeric_limits<double>::max_digits10);
      std::visit(
          [](const auto& values) {
            for (std::size_t i = 0; i < values.size(); ++i)
              std::cout << (i ? " " : "") << values[i];
          },
          array.values);
      std::cout << "\n";
      return 0;
    }
    if (args.size() == 2 && (args[0] == "header" || args[0] == "dump")) {
      std::ifstream file(args[1], std::ios::binary);
      std::string preamble(10, '\0');
      if (!file.read(preamble.data(), 10)) throw bench::UsageError(args[1] + ": no .npy preamble");
      std::string dict(static_cast<unsigned char>(preamble[8]) |
                           static_cast<std::size_t>(static_cast<unsigned char>(preamble[9])) << 8,
                       '\0');
      file.read(dict.data(), static_cast<std::streamsize>(dict.size()));
      std::cout << dict;
      if (args[0] == "header") return 0;
      // dump: also the values of an unsigned array (which the reader refuses).
      const bool u8 = dict.find("'<u8'") != std::string::npos;
      if (!u8 && dict.find("'<u4'") == std::string::npos) {
        throw bench::UsageError("dump reads <u4 and <u8 arrays only");
      }
      const std::string data((std::istreambuf_iterator<char>(file)),
                             std::istreambuf_iterator<char>());
      const std::size_t size = u8 ? 8 : 4;
      for (std::size_t i = 0; i + size <= data.size(); i += size) {
        std::uint64_t value = 0;
        std::memcpy(&value, data.data() + i, size);  // little-endian host
        std::cout << (i ? " " : "") << value;
      }
      std::cout << "\n";
      return 0;
    }
    if (args.size() == 5 && args[0] == "write") {
      write_typed(args[1], args[2], args[3], args[4]);
      return 0;
    }
    if (args.size() == 2 && args[0] == "fixtures") {
      fixtures(args[1]);
      return 0;
    }
    std::cerr
        << "usage: npy_tool read FILE | header FILE | dump FILE | write FILE TYPE SHAPE VALUES | "
           "fixtures DIR\n";
    return 2;
  } catch (const bench::UsageError& error) {
    std::cerr << "npy_tool: error: " << error.what() << "\n";
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "npy_tool: error: " << error.what() << "\n";
    return 1;
  }
}
