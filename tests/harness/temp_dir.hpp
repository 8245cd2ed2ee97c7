#pragma once
// A fresh folder under the system's temporary folder for one test case,
// removed with everything in it at the end.
#include <unistd.h>

#include <filesystem>
#include <string>

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    path = std::filesystem::temp_directory_path() /
           ("kp-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path / name).string(); }
  static int& counter() {
    static int n = 0;
    return n;
  }
};
