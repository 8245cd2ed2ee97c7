#include "harness/output_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "harness/usage.hpp"

namespace bench {
namespace {

// The folder and the last name of a path ("a/b.csv": "a", "b.csv").
std::pair<std::string, std::string> split_path(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return {".", path};
  return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

// Keeps the temporary recognisable (".NAME.XXXXXX") yet within any name limit.
constexpr std::size_t kTempStem = 200;

// Writes all of [data, data + bytes) to fd; false, with errno set, on error.
bool write_all(int fd, const char* data, std::size_t bytes) {
  while (bytes > 0) {
    const ssize_t done = ::write(fd, data, bytes);
    if (done < 0 && errno == EINTR) continue;
    if (done < 0) return false;
    if (done == 0) {
      errno = EIO;
      return false;
    }
    data += done;
    bytes -= static_cast<std::size_t>(done);
  }
  return true;
}

// The signals that end a program by default and that a user or a batch
// system sends to stop a run (Ctrl-C, kill, a closed terminal, a time limit).
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXCPU, SIGXFSZ};
constexpr std::size_t kStopSignalCount = sizeof(kStopSignals) / sizeof(kStopSignals[0]);

// The temporary file that exists now (one at a time: the writes are not
// concurrent), removed by the handler when a stop signal arrives mid-write.
char g_temporary[PATH_MAX];
volatile sig_atomic_t g_temporary_set = 0;
struct sigaction g_previous[kStopSignalCount];

extern "C" void remove_temporary(int signal_number) {
  if (g_temporary_set) ::unlink(g_temporary);  // async-signal-safe
  // Then the signal does what it did before (by default: ends the program).
  for (std::size_t i = 0; i < kStopSignalCount; ++i) {
    if (kStopSignals[i] == signal_number) ::sigaction(signal_number, &g_previous[i], nullptr);
  }
  ::raise(signal_number);  // delivered once this handler returns
}

// While alive, a stop signal removes `path` before it ends the program: a
// killed write leaves the old file and no temporary. Signals the program
// ignores stay ignored.
class TemporaryGuard {
 public:
  explicit TemporaryGuard(const std::string& path) {
    if (path.size() >= sizeof(g_temporary)) return;  // mkstemp refused it already
    std::memcpy(g_temporary, path.c_str(), path.size() + 1);
    g_temporary_set = 1;
    struct sigaction action {};
    action.sa_handler = remove_temporary;
    sigemptyset(&action.sa_mask);
    for (std::size_t i = 0; i < kStopSignalCount; ++i) {
      ::sigaction(kStopSignals[i], nullptr, &g_previous[i]);
      installed_[i] = g_previous[i].sa_handler != SIG_IGN;
      if (installed_[i]) ::sigaction(kStopSignals[i], &action, nullptr);
    }
  }
  ~TemporaryGuard() {
    for (std::size_t i = 0; i < kStopSignalCount; ++i) {
      if (installed_[i]) ::sigaction(kStopSignals[i], &g_previous[i], nullptr);
    }
    g_temporary_set = 0;
  }
  TemporaryGuard(const TemporaryGuard&) = delete;
  TemporaryGuard& operator=(const TemporaryGuard&) = delete;

 private:
  bool installed_[kStopSignalCount] = {};
};

// mkstemp of `tmp` (its XXXXXX filled in) with the guard armed for it, the
// stop signals held back in between so that none can leave it behind; -1,
// errno set, when the file cannot be created.
int create_temporary(std::string& tmp, std::optional<TemporaryGuard>& guard) {
  sigset_t stops, previous;
  sigemptyset(&stops);
  for (int signal_number : kStopSignals) sigaddset(&stops, signal_number);
  ::sigprocmask(SIG_BLOCK, &stops, &previous);
  const int fd = ::mkstemp(tmp.data());
  const int error = errno;
  if (fd >= 0) guard.emplace(tmp);
  ::sigprocmask(SIG_SETMASK, &previous, nullptr);
  errno = error;
  return fd;
}

[[noreturn]] void fail(const std::string& path, const char* doing, int error) {
  throw std::runtime_error("cannot write '" + path + "': " + doing + ": " + std::strerror(error));
}

}  // namespace

std::string temporary_name(const std::string& path) {
  const auto [folder, name] = split_path(path);
  const std::string prefix = path.find('/') == std::string::npos ? "" : folder + "/";
  return prefix + "." + name.substr(0, kTempStem) + ".XXXXXX";
}

void write_atomically(const std::string& path, const std::function<void(const Sink&)>& fill) {
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
    throw std::runtime_error("cannot write '" + path + "': " +
                             (S_ISDIR(info.st_mode) ? "it is a directory" : "not a regular file"));
  }
  std::string tmp = temporary_name(path);
  std::optional<TemporaryGuard> guard;  // removes the temporary on a stop signal
  const int fd = create_temporary(tmp, guard);
  if (fd < 0) fail(path, "creating a temporary file beside it", errno);
  // Whatever goes wrong from here, the temporary goes and the target stays.
  const auto abandon = [&](const char* doing, int error) {
    ::close(fd);
    ::unlink(tmp.c_str());
    fail(path, doing, error);
  };
  struct WriteFailed {
    int error;
  };
  try {
    fill([&](const char* data, std::size_t bytes) {
      if (!write_all(fd, data, bytes)) throw WriteFailed{errno};
    });
  } catch (const WriteFailed& failed) {
    abandon("writing", failed.error);
  } catch (...) {
    ::close(fd);
    ::unlink(tmp.c_str());
    throw;
  }
  if (::fsync(fd) != 0) abandon("syncing", errno);
  // mkstemp makes the file 0600; give it the permissions of a normal new file.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0666 & ~mask) != 0) abandon("setting its permissions", errno);
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(tmp.c_str());
    fail(path, "closing", error);
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(tmp.c_str());
    fail(path, "renaming the temporary file over it", error);
  }
}

void write_atomically(const std::string& path, const std::string& bytes) {
  write_atomically(path, [&](const Sink& sink) { sink(bytes.data(), bytes.size()); });
}

void check_writable(const std::string& path, const std::string& what) {
  if (path.empty()) throw UsageError(what + ": the path is empty");
  const std::string where = what + ": " + path;
  const auto [folder, name] = split_path(path);
  if (name.empty()) throw UsageError(where + ": names a folder, not a file");
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) throw UsageError(where + ": is a directory");
    if (!S_ISREG(info.st_mode)) {
      throw UsageError(where + ": is not a regular file (results go to a new or regular file)");
    }
  } else if (errno == ENAMETOOLONG) {
    throw UsageError(where + ": the name is too long for the file system");
  }
  if (::stat(folder.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) {
    throw UsageError(where + ": folder '" + folder + "' does not exist");
  }
  if (::access(folder.c_str(), W_OK | X_OK) != 0) {
    throw UsageError(where + ": folder '" + folder + "' is not writable");
  }
  const long name_max = ::pathconf(folder.c_str(), _PC_NAME_MAX);
  const long path_max = ::pathconf(folder.c_str(), _PC_PATH_MAX);
  const std::string tmp = temporary_name(path);
  if ((name_max > 0 && name.size() > static_cast<std::size_t>(name_max)) ||
      (path_max > 0 && tmp.size() >= static_cast<std::size_t>(path_max)) ||
      (path_max > 0 && path.size() >= static_cast<std::size_t>(path_max))) {
    throw UsageError(where + ": the name is too long for the file system");
  }
  // A folder can pass access() and still take no new file (/proc and /sys,
  // whose permissions say yes to root): create the temporary the write will
  // create, then remove it, so such a path ends the run before its work.
  std::string probe = tmp;
  std::optional<TemporaryGuard> guard;
  const int fd = create_temporary(probe, guard);
  if (fd < 0) {
    const int error = errno;
    throw UsageError(where + ": cannot create a file in folder '" + folder +
                     "': " + std::strerror(error));
  }
  ::close(fd);
  ::unlink(probe.c_str());
}

std::string resolved_path(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::path absolute = fs::absolute(path, error);
  if (error) return path;
  const fs::path canonical = fs::weakly_canonical(absolute, error);
  return (error ? absolute.lexically_normal() : canonical).string();
}

bool same_file(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (fs::exists(a, error) && fs::exists(b, error) && fs::equivalent(a, b, error)) return true;
  return resolved_path(a) == resolved_path(b);
}

void check_outputs(const std::vector<OutputPath>& outputs) {
  for (const auto& output : outputs) check_writable(output.path, output.what);
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (same_file(outputs[i].path, outputs[j].path)) {
        throw UsageError(outputs[j].what + " and " + outputs[i].what + " name the same file ('" +
                         outputs[j].path + "', '" + outputs[i].path +
                         "'): each output needs its own");
      }
    }
  }
}

}  // namespace bench
