#pragma once
// Every file the project writes (CSV, JSON, .npy, images, the suite's
// results) goes through write_atomically: the bytes go to a temporary file
// beside the target, which is synced, closed (checked) and renamed over the
// target, so a killed or failed run leaves the old file or none, never a
// truncated one. A stop signal mid-write (SIGINT, SIGTERM, SIGHUP, SIGQUIT,
// SIGXCPU, SIGXFSZ) removes the temporary before the program ends; only
// SIGKILL, which no program can catch, may leave a hidden ".NAME.XXXXXX". check_outputs refuses,
// before any work, every path such a write would fail on.
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace bench {

// Hands the bytes of the file to the writer, in as many pieces as it likes.
using Sink = std::function<void(const char* data, std::size_t bytes)>;

// Writes `path` through a temporary file in its folder; `fill` is given a Sink
// and writes the whole content through it. Throws std::runtime_error naming
// the path and the reason (a full disk, a file size limit, a failed rename)
// and leaves no temporary behind; the target is then unchanged.
void write_atomically(const std::string& path, const std::function<void(const Sink&)>& fill);
void write_atomically(const std::string& path, const std::string& bytes);

// The temporary write_atomically uses for `path`, before mkstemp fills the
// XXXXXX: in the same folder, and short enough for any legal name.
std::string temporary_name(const std::string& path);

// Throws UsageError (with `what` and the path) unless a file can be written at
// `path`: not empty, every name in it fits the file system (the temporary's
// too), its folder exists and takes a new file (one is created and removed),
// and the path is not a directory or another non-regular file (a device
// such as /dev/full).
void check_writable(const std::string& path, const std::string& what);

// The file a path names, as one spelling: absolute, with "." and ".." folded
// and the symbolic links of the part that exists resolved ("a.csv",
// "./a.csv", "$PWD/a.csv" and "d/../a.csv" give the same text).
std::string resolved_path(const std::string& path);
// Whether two paths name the same file: the same resolved_path, or, where both
// exist, the same file under two names (a hard link).
bool same_file(const std::string& a, const std::string& b);

// One output a run will write: the option that names it and its path.
struct OutputPath {
  std::string what;
  std::string path;
  // The variants whose checked result it is written from (empty: the run's
  // rows, as --csv and --json); validate_common refuses the output when the
  // run selects none of them.
  std::vector<std::string> producers{};
  // Whether it was written (unset: written with the rows); after a run whose
  // checks all passed, an output not written is an error, never a silent gap.
  std::function<bool()> written{};
};
// check_writable for each, then refuses (UsageError) two outputs that name
// the same file (same_file), whatever the spelling.
void check_outputs(const std::vector<OutputPath>& outputs);

}  // namespace bench
