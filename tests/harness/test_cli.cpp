#include <catch2/catch_test_macros.hpp>

#include "harness/cli.hpp"

using bench::parse_size;
using bench::UsageError;

TEST_CASE("parse_size accepts the documented forms", "[cli]") {
  CHECK(parse_size("0", "--size") == 0);
  CHECK(parse_size("1000", "--size") == 1000);
  CHECK(parse_size("2^26", "--size") == (std::uint64_t{1} << 26));
  CHECK(parse_size("1e7", "--size") == 10000000);
  CHECK(parse_size("64M", "--size") == 64ull << 20);
  CHECK(parse_size("3k", "--size") == 3072);
  CHECK(parse_size("2G", "--size") == 2ull << 30);
  CHECK(parse_size("18446744073709551615", "--size") == UINT64_MAX);
}

TEST_CASE("parse_size rejects bad input with a message naming the option", "[cli]") {
  for (const char* bad : {"",
                          "-1",
                          "abc",
                          "12abc",
                          "1.5",
                          "1e-3",
                          "3^4",
                          "2^64",
                          "inf",
                          "nan",
                          "18446744073709551616",
                          "99999999999999999999G",
                          "17179869184G",
                          "1e30",
                          " 5",
                          "0x10",
                          " -5e6",
                          "\f-5e6",
                          "0x1.8p3",
                          "1e+3x",
                          "+1e3"}) {
    INFO("input '" << bad << "'");
    CHECK_THROWS_AS(parse_size(bad, "--size"), UsageError);
  }
  try {
    parse_size("-7", "--size");
  } catch (const UsageError& e) {
    CHECK(std::string(e.what()) == "--size: '-7' is negative");
  }
}

TEST_CASE("Cli parses options, --name=value, and rejects unknown ones", "[cli]") {
  std::uint64_t size = 5;
  int repeat = 3;
  std::string type = "float";
  std::vector<std::string> spaces;
  bench::Cli cli("prog", "test");
  cli.add_option("--size", size, "n")->transform(bench::Size());
  cli.add_option("--repeat", repeat, "r")->transform(bench::Size())->check(CLI::Range(1, 10));
  cli.add_option("--type", type, "t")->check(CLI::IsMember({"float", "double"}));
  cli.add_list("--spaces", spaces, "s");
  auto parse = [&](std::vector<std::string> words) {
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    return cli.parse_command_line(static_cast<int>(argv.size()), argv.data());
  };
  CHECK(parse({"prog", "--size", "2^10", "--repeat=7", "--type", "double", "--spaces=a,b"}));
  CHECK(size == 1024);
  CHECK(repeat == 7);
  CHECK(type == "double");
  CHECK(spaces == std::vector<std::string>{"a", "b"});
  CHECK(parse({"prog", "--size", "1", "--size", "64k"}));  // the last value wins
  CHECK(size == 65536);
  CHECK_THROWS_AS(parse({"prog", "--repeat", "11"}), UsageError);
  CHECK_THROWS_AS(parse({"prog", "--repeat", "1.5"}), UsageError);
  CHECK_THROWS_AS(parse({"prog", "--type", "half"}), UsageError);
  CHECK_THROWS_AS(parse({"prog", "--nope"}), UsageError);
  CHECK_THROWS_AS(parse({"prog", "--size"}), UsageError);
  CHECK_THROWS_AS(parse({"prog", "--spaces", "a,,b"}), UsageError);
  try {
    parse({"prog", "--size", "-7"});
  } catch (const UsageError& e) {
    CHECK(std::string(e.what()) == "--size: '-7' is negative");
  }
  CHECK_FALSE(parse({"prog", "--help"}));
  CHECK(cli.help().find("--repeat") != std::string::npos);
}
