#include <unistd.h>

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "harness/npy.hpp"
#include "harness/output_file.hpp"
#include "harness/usage.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using Catch::Matchers::ContainsSubstring;

namespace {

// A version 1.0 file with the given header dictionary (padded as NumPy does)
// followed by `data`.
void write_raw(const std::string& path, const std::string& dict, const std::string& data,
               int major = 1) {
  std::string header = dict;
  const std::size_t preamble = major == 1 ? 10 : 12;
  header.append((64 - (preamble + header.size() + 1) % 64) % 64, ' ');
  header += '\n';
  std::string bytes = "\x93NUMPY";
  bytes += static_cast<char>(major);
  bytes += '\0';
  for (std::size_t i = 0; i < (major == 1 ? 2u : 4u); ++i) {
    bytes += static_cast<char>((header.size() >> (8 * i)) & 0xff);
  }
  std::ofstream(path, std::ios::binary) << bytes << header << data;
}

template <class T>
std::string bytes_of(const std::vector<T>& values) {
  return std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

std::string refusal(const std::string& path) {
  try {
    bench::npy::read(path, "--input");
  } catch (const bench::UsageError& error) {
    return error.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("npy round trips every written 1-D type that the reader takes", "[npy]") {
  TempDir dir;
  const std::vector<float> f = {1.5f, -2.0f, std::numeric_limits<float>::infinity()};
  const std::vector<double> d = {0.1, -1e300, 3.0};
  const std::vector<std::int32_t> i4 = {INT32_MIN, 0, INT32_MAX};
  const std::vector<std::int64_t> i8 = {INT64_MIN, 7, INT64_MAX};
  bench::npy::write(dir.file("f.npy"), f.data(), {f.size()});
  bench::npy::write(dir.file("d.npy"), d.data(), {d.size()});
  bench::npy::write(dir.file("i4.npy"), i4.data(), {i4.size()});
  bench::npy::write(dir.file("i8.npy"), i8.data(), {i8.size()});
  const auto rf = bench::npy::read(dir.file("f.npy"), "t");
  CHECK(rf.descr == "<f4");
  CHECK(std::string(rf.type_name()) == "float32");
  CHECK(std::get<std::vector<float>>(rf.values) == f);
  CHECK(std::get<std::vector<double>>(bench::npy::read(dir.file("d.npy"), "t").values) == d);
  CHECK(std::get<std::vector<std::int32_t>>(bench::npy::read(dir.file("i4.npy"), "t").values) ==
        i4);
  CHECK(std::get<std::vector<std::int64_t>>(bench::npy::read(dir.file("i8.npy"), "t").values) ==
        i8);
}

TEST_CASE("npy writes a header NumPy accepts: 64-byte aligned, 2-D shape, unsigned types",
          "[npy]") {
  TempDir dir;
  const std::vector<std::uint32_t> image = {1, 2, 3, 4, 5, 6};
  bench::npy::write(dir.file("img.npy"), image.data(), {2, 3});
  std::ifstream in(dir.file("img.npy"), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(bytes.size() > 10);
  CHECK(bytes.substr(0, 8) == std::string("\x93NUMPY\x01\x00", 8));
  const std::size_t header_len =
      static_cast<unsigned char>(bytes[8]) | static_cast<unsigned char>(bytes[9]) << 8;
  CHECK((10 + header_len) % 64 == 0);
  const std::string header = bytes.substr(10, header_len);
  CHECK_THAT(header, ContainsSubstring("'descr': '<u4'"));
  CHECK_THAT(header, ContainsSubstring("'shape': (2, 3)"));
  CHECK(header.back() == '\n');
  CHECK(bytes.size() == 10 + header_len + 6 * 4);
  // A 2-D file is written, but the reader wants 1-D input.
  CHECK_THAT(refusal(dir.file("img.npy")), ContainsSubstring("is 2-D (shape (2, 3))"));
  const std::vector<std::uint64_t> counts = {0, UINT64_MAX};
  bench::npy::write(dir.file("u8.npy"), counts.data(), {2});
  CHECK_THAT(refusal(dir.file("u8.npy")), ContainsSubstring("dtype '<u8' is not supported"));
}

TEST_CASE("npy reads format 2.0 and 3.0, Fortran order and an empty array", "[npy]") {
  TempDir dir;
  const std::vector<double> d = {1, 2, 3};
  write_raw(dir.file("v2.npy"), "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }",
            bytes_of(d), 2);
  CHECK(std::get<std::vector<double>>(bench::npy::read(dir.file("v2.npy"), "t").values) == d);
  write_raw(dir.file("v3.npy"), "{\"descr\": \"<f8\", \"fortran_order\": True, \"shape\": (3,)}",
            bytes_of(d), 3);
  CHECK(std::get<std::vector<double>>(bench::npy::read(dir.file("v3.npy"), "t").values) == d);
  write_raw(dir.file("empty.npy"), "{'descr': '<i4', 'fortran_order': False, 'shape': (0,), }", "");
  CHECK(bench::npy::read(dir.file("empty.npy"), "t").size() == 0);
}

TEST_CASE("npy refuses what it cannot read, in one line naming the file", "[npy]") {
  TempDir dir;
  const std::string four(16, '\0');
  const auto refuse = [&](const std::string& name, const std::string& dict, const std::string& data,
                          const std::string& why) {
    write_raw(dir.file(name), dict, data);
    const std::string message = refusal(dir.file(name));
    CHECK_THAT(message, ContainsSubstring(why));
    CHECK_THAT(message, ContainsSubstring(name));
    CHECK(message.find('\n') == std::string::npos);
  };
  refuse("2d.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }", four,
         "is 2-D (shape (2, 2)); a 1-D array is needed");
  refuse("0d.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (), }", four, "is 0-D");
  refuse("big.npy", "{'descr': '>f4', 'fortran_order': False, 'shape': (4,), }", four,
         "is big-endian");
  refuse("obj.npy", "{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", four,
         "holds Python objects");
  refuse("u1.npy", "{'descr': '|u1', 'fortran_order': False, 'shape': (16,), }", four,
         "dtype '|u1' is not supported");
  refuse("short.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (5,), }", four,
         "truncated: shape (5,) needs 5 x 4 bytes but the file holds 16");
  refuse("long.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", four,
         "holds 16 bytes of data but its shape (3,) needs 12");
  refuse("struct.npy", "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (4,), }", four,
         "not a simple dtype string");
  refuse("nodescr.npy", "{'fortran_order': False, 'shape': (4,), }", four, "lacks 'descr'");

  CHECK_THAT(refusal(dir.file("missing.npy")), ContainsSubstring("cannot open"));
  CHECK_THAT(refusal(dir.path.string()), ContainsSubstring("is not a regular file"));
  std::ofstream(dir.file("text.npy")) << "1\n2\n3\n";
  CHECK_THAT(refusal(dir.file("text.npy")), ContainsSubstring("not a .npy file"));
  std::ofstream(dir.file("cut.npy"), std::ios::binary)
      << std::string("\x93NUMPY\x01\x00\x76\x00{'d", 13);
  CHECK_THAT(refusal(dir.file("cut.npy")), ContainsSubstring("truncated in the header"));
  std::ofstream(dir.file("v9.npy"), std::ios::binary)
      << std::string("\x93NUMPY\x09\x00\x00\x00", 10);
  CHECK_THAT(refusal(dir.file("v9.npy")), ContainsSubstring("version 9.0 is not supported"));
}

TEST_CASE("npy writes atomically and says why a path cannot be written", "[npy]") {
  TempDir dir;
  const std::vector<float> f = {1, 2, 3};
  const auto write_error = [&](const std::string& path) -> std::string {
    try {
      bench::npy::write(path, f.data(), {f.size()});
    } catch (const std::runtime_error& error) {
      return error.what();
    }
    return "no error";
  };
  CHECK_THAT(write_error(dir.path.string()), ContainsSubstring("it is a directory"));
  CHECK_THAT(write_error(dir.file("no/such/folder/x.npy")),
             ContainsSubstring("creating a temporary file"));
  CHECK_THAT(write_error("/dev/full"), ContainsSubstring("not a regular file"));
  // Nothing but the files we meant to write is left in the folder.
  bench::npy::write(dir.file("ok.npy"), f.data(), {f.size()});
  bench::npy::write(dir.file("ok.npy"), f.data(), {2});  // replaces it
  CHECK(bench::npy::read(dir.file("ok.npy"), "t").size() == 2);
  const auto files = [&] {
    return std::distance(fs::directory_iterator(dir.path), fs::directory_iterator());
  };
  CHECK(files() == 1);

  const auto usage_error = [](const std::string& path) -> std::string {
    try {
      bench::check_writable(path, "--output");
    } catch (const bench::UsageError& error) {
      return error.what();
    }
    return "no error";
  };
  CHECK(usage_error(dir.file("new.npy")) == "no error");
  CHECK(usage_error(dir.file("ok.npy")) == "no error");
  CHECK_THAT(usage_error(dir.path.string()), ContainsSubstring("is a directory"));
  CHECK_THAT(usage_error("/dev/full"), ContainsSubstring("is not a regular file"));
  CHECK_THAT(usage_error(dir.file("missing/x.npy")), ContainsSubstring("does not exist"));
  // A folder that takes no new file, whatever access() says (under root it
  // says yes); and the check leaves nothing behind in one that does.
  CHECK_THAT(usage_error("/proc/x.npy"),
             ContainsSubstring("cannot create a file in folder '/proc'") ||
                 ContainsSubstring("folder '/proc' is not writable"));
  CHECK(files() == 1);
  CHECK(bench::npy::has_npy_suffix("a/b.npy"));
  CHECK_FALSE(bench::npy::has_npy_suffix("a/b.txt"));
}

TEST_CASE("npy converts values only where they convert exactly", "[npy]") {
  const auto array = [](bench::npy::Values values) {
    return bench::npy::Array{"", std::move(values)};
  };
  const auto refusal_of = [](auto convert) -> std::string {
    try {
      convert();
    } catch (const bench::UsageError& error) {
      return error.what();
    }
    return "no error";
  };
  const auto ints = array(std::vector<double>{-2147483648.0, 0, 2147483647.0});
  CHECK(bench::npy::exact_values<std::int32_t>(ints, "f") ==
        std::vector<std::int32_t>{INT32_MIN, 0, INT32_MAX});
  CHECK_THAT(refusal_of([&] {
               bench::npy::exact_values<std::int32_t>(array(std::vector<double>{1, 2.5}), "f");
             }),
             ContainsSubstring("value 2.500000 at index 1 does not convert exactly to int32"));
  CHECK_THAT(refusal_of([&] {
               bench::npy::exact_values<std::int32_t>(array(std::vector<double>{2147483648.0}),
                                                      "f");
             }),
             ContainsSubstring("at index 0"));
  CHECK_THAT(refusal_of([&] {
               bench::npy::exact_values<std::int32_t>(array(std::vector<float>{NAN}), "f");
             }),
             ContainsSubstring("at index 0"));
  CHECK_THAT(
      refusal_of([&] {
        bench::npy::exact_values<std::int32_t>(array(std::vector<std::int64_t>{1, INT64_MAX}), "f");
      }),
      ContainsSubstring("at index 1"));
  CHECK(bench::npy::exact_values<float>(array(std::vector<std::int64_t>{16777216, -3}), "f") ==
        std::vector<float>{16777216.0f, -3.0f});
  CHECK_THAT(refusal_of([&] {
               bench::npy::exact_values<float>(array(std::vector<std::int64_t>{16777217}), "f");
             }),
             ContainsSubstring("to float32"));
  CHECK_THAT(
      refusal_of([&] { bench::npy::exact_values<float>(array(std::vector<double>{0.1}), "f"); }),
      ContainsSubstring("to float32"));
  const auto nan = bench::npy::exact_values<float>(array(std::vector<double>{NAN, INFINITY}), "f");
  CHECK(std::isnan(nan[0]));
  CHECK(nan[1] == INFINITY);
  CHECK(bench::npy::exact_values<std::int64_t>(array(std::vector<std::int32_t>{-7}), "f") ==
        std::vector<std::int64_t>{-7});
}

TEST_CASE("FirstResult writes the first offer only, and only when it passed", "[npy]") {
  TempDir dir;
  const std::vector<double> first = {1, 2}, second = {3, 4, 5};
  bench::npy::FirstResult passed;
  passed.set_path(dir.file("passed.npy"), "--output");
  CHECK(passed.pending());
  passed.offer(true, first.data(), {first.size()});
  CHECK_FALSE(passed.pending());
  passed.offer(true, second.data(), {second.size()});  // ignored
  CHECK(std::get<std::vector<double>>(bench::npy::read(dir.file("passed.npy"), "t").values) ==
        first);

  bench::npy::FirstResult failed;
  failed.set_path(dir.file("failed.npy"), "--output");
  failed.offer(false, first.data(), {first.size()});
  failed.offer(true, second.data(), {second.size()});  // too late: the first check decides
  CHECK_FALSE(fs::exists(dir.file("failed.npy")));

  bench::npy::FirstResult none;  // no --output
  none.set_path("", "--output");
  CHECK_FALSE(none.pending());
  const auto refusal_of = [&](const std::string& path) -> std::string {
    try {
      bench::npy::FirstResult r;
      r.set_path(path, "--output");
    } catch (const bench::UsageError& error) {
      return error.what();
    }
    return "no error";
  };
  CHECK_THAT(refusal_of(dir.file("x.txt")), ContainsSubstring("must end in .npy"));
  CHECK_THAT(refusal_of(dir.file("no/x.npy")), ContainsSubstring("does not exist"));
}
