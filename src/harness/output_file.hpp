#pragma once
// Every file the project writes (CSV, JSON, .npy, images, the suite's
// results) goes through write_atomically: the bytes go to a temporary file
// beside the target, which is synced, closed (checked) and renamed over the
// target, so a killed or failed run leaves the old file or none, never a
// truncated one. check_outputs refuses, before any work, every path such a
// write would fail on.
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace kp::bench {

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

// One output a run will write: the option that names it and its path.
struct OutputPath {
  std::string what;
  std::string path;
};
// check_writable for each, then refuses (UsageError) two outputs that name
// the same file, whatever the spelling ("a.csv", "./a.csv", a hard link).
void check_outputs(const std::vector<OutputPath>& outputs);

}  // namespace kp::bench
