// The rules every output of a run follows (harness/output_file.hpp, the
// output checks of harness/app.hpp): one file is never named twice under two
// spellings, a stop signal mid-write leaves the old file and no temporary, and
// an output is written or refused, never silently skipped.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "harness/app.hpp"
#include "harness/output_file.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using bench::OutputPath;
using bench::same_file;
using Catch::Matchers::ContainsSubstring;

namespace {

std::string read_all(const std::string& path) {
  std::ifstream file(path);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

std::size_t files_in(const fs::path& folder) {
  return static_cast<std::size_t>(
      std::distance(fs::directory_iterator(folder), fs::directory_iterator()));
}

// The path's folder as realpath(3) has it, then its last name: the file the
// path names, for a file that may not exist yet in a folder that does.
std::string reference_identity(const std::string& path) {
  const fs::path p(path);
  char resolved[PATH_MAX];
  const std::string folder = p.has_parent_path() ? p.parent_path().string() : ".";
  REQUIRE(::realpath(folder.c_str(), resolved) != nullptr);
  return std::string(resolved) + "/" + p.filename().string();
}

std::string usage_error(const std::vector<OutputPath>& outputs) {
  try {
    bench::check_outputs(outputs);
  } catch (const bench::UsageError& error) {
    return error.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("two spellings of one file are one output", "[output]") {
  TempDir dir;
  const std::string cwd = fs::current_path().string();
  fs::current_path(dir.path);
  fs::create_directory("d");
  fs::create_directory_symlink("d", "link");
  std::ofstream("d/old.csv") << "x\n";
  fs::create_hard_link("d/old.csv", "hard.csv");
  const std::string here = fs::current_path().string();
  // New files named relative, absolute, with "." and "..", through a link.
  CHECK(same_file("r.csv", here + "/r.csv"));
  CHECK(same_file("r.csv", "./r.csv"));
  CHECK(same_file("d/../r.csv", "r.csv"));
  CHECK(same_file("link/new.csv", "d/new.csv"));
  CHECK(same_file("./link/../d/new.csv", here + "/d/new.csv"));
  // Existing files: the same through a symbolic and a hard link.
  CHECK(same_file("link/old.csv", "d/old.csv"));
  CHECK(same_file("hard.csv", here + "/d/old.csv"));
  // Different files stay different.
  CHECK_FALSE(same_file("r.csv", "d/r.csv"));
  CHECK_FALSE(same_file("r.csv", "r.json"));
  CHECK_THAT(usage_error({{"--csv", "r.csv"}, {"--json", here + "/r.csv"}}),
             ContainsSubstring("--csv and --json name the same file"));
  CHECK_THAT(usage_error({{"--csv", "a.csv"}, {"--output", "x.npy"}, {"--json", "./a.csv"}}),
             ContainsSubstring("--csv and --json name the same file"));
  CHECK(usage_error({{"--csv", "a.csv"}, {"--json", "d/a.csv"}}) == "no error");
  CHECK(files_in(".") == 3);  // d, link, hard.csv: the checks create nothing
  fs::current_path(cwd);
}

TEST_CASE("same_file agrees with realpath on random spellings", "[output][property]") {
  TempDir dir;
  fs::create_directories(dir.path / "a" / "b");
  fs::create_directory(dir.path / "c");
  fs::create_directory_symlink(dir.path / "a" / "b", dir.path / "c" / "to-b");
  fs::create_directory_symlink("../a", dir.path / "c" / "up-a");
  std::ofstream(dir.file("a/b/f")) << "f\n";
  // Random walks through the tree: each step a folder, ".", ".." (which the
  // system resolves after a link, from the folder the link leads to) or a
  // link, then an existing or a new file name. Folders: 0 the top, 1 a,
  // 2 a/b, 3 c; a step and the folder it leads to.
  struct Step {
    const char* name;
    int to;
  };
  const std::vector<std::vector<Step>> steps = {{{"a", 1}, {"c", 3}, {".", 0}},
                                                {{"b", 2}, {".", 1}, {"..", 0}},
                                                {{".", 2}, {"..", 1}},
                                                {{"to-b", 2}, {"up-a", 1}, {".", 3}, {"..", 0}}};
  std::mt19937 random(7);
  const auto spelling = [&] {
    std::string path = random() % 2 ? dir.path.string() + "/" : "";
    int at = 0;
    for (int k = 0, n = static_cast<int>(random() % 6); k < n; ++k) {
      const auto& from = steps[static_cast<std::size_t>(at)];
      const Step step = from[random() % from.size()];
      path += std::string(step.name) + "/";
      at = step.to;
    }
    return path + (random() % 2 ? "f" : "g");
  };
  const std::string cwd = fs::current_path().string();
  fs::current_path(dir.path);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::string x = spelling(), y = spelling();
    INFO(x << " vs " << y);
    CHECK(same_file(x, y) == (reference_identity(x) == reference_identity(y)));
  }
  fs::current_path(cwd);
}

namespace {

// Runs write_atomically in a child process whose fill sends `signal_number`
// to itself half-way; returns the child's wait status.
int write_interrupted(const std::string& path, int signal_number) {
  const pid_t child = ::fork();
  if (child == 0) {
    // As in a program that handles no signal (Catch2, whose copy this is,
    // reports signals as failures).
    ::signal(signal_number, SIG_DFL);
    bench::write_atomically(path, [&](const bench::Sink& sink) {
      sink("new, half", 9);
      ::raise(signal_number);
      sink(" written\n", 9);
    });
    ::_exit(0);  // the signal did not end the write: the test fails below
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return status;
}

}  // namespace

TEST_CASE("a stop signal mid-write leaves the old file and no temporary", "[output]") {
  for (const int signal_number : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXCPU, SIGXFSZ}) {
    INFO("signal " << signal_number);
    TempDir dir;
    const std::string path = dir.file("out.csv");
    std::ofstream(path) << "old\n";
    const int status = write_interrupted(path, signal_number);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == signal_number);
    CHECK(read_all(path) == "old\n");
    CHECK(files_in(dir.path) == 1);
  }
}

TEST_CASE("writes leave the program's signal handlers as they were", "[output]") {
  TempDir dir;
  struct sigaction before {
  }, after{};
  ::sigaction(SIGTERM, nullptr, &before);
  bench::write_atomically(dir.file("a.txt"), "a\n");
  ::sigaction(SIGTERM, nullptr, &after);
  CHECK(before.sa_handler == after.sa_handler);
  // An ignored signal stays ignored while a write runs.
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGHUP, &ignore, &before);
  bench::write_atomically(dir.file("b.txt"), [&](const bench::Sink& sink) {
    ::raise(SIGHUP);
    sink("b\n", 2);
  });
  CHECK(read_all(dir.file("b.txt")) == "b\n");
  ::sigaction(SIGHUP, &before, nullptr);
}

TEST_CASE("an output none of the selected variants writes is refused before the run", "[output]") {
  const std::vector<std::string> built = {"kp", "kokkos", "kp-max"};
  const std::vector<OutputPath> outputs = {{"--csv", "r.csv"},
                                           {"--output", "s.npy", {"kp", "kokkos", "cub"}}};
  const auto refusal = [&](const std::vector<std::string>& selected) -> std::string {
    try {
      bench::check_producers(outputs, selected, built);
    } catch (const bench::UsageError& error) {
      return error.what();
    }
    return "no error";
  };
  CHECK(refusal({"kp-max", "kokkos"}) == "no error");
  // The message names the producers this build has (no cub here).
  CHECK(refusal({"kp-max"}) ==
        "--output: written by the kp or kokkos rows, which --variants leaves out");
}

TEST_CASE("an output a passing run did not write is an error, not a silent gap", "[output]") {
  bool written = false;
  const std::vector<OutputPath> outputs = {{"--csv", "r.csv"},
                                           {"--output", "s.npy", {"kp"}, [&] { return written; }}};
  CHECK_THROWS_WITH(
      bench::check_written(outputs),
      ContainsSubstring("--output: not written: none of the rows that write it (kp)"));
  written = true;
  CHECK_NOTHROW(bench::check_written(outputs));
}
