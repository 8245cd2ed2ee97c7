#pragma once
// bandwidth: STREAM-style copy and triad kernels that measure the memory
// ceiling of each space on the machine they run on; the other applications'
// GB/s are read against it (scripts/plot_results.py draws it as a line).

#include "harness/app.hpp"

namespace bench::bandwidth {

class BandwidthApp : public AppBase {
 public:
  static constexpr const char* name = "bandwidth";
  static constexpr const char* summary =
      "Measures memory bandwidth with copy (a = b), Kokkos::deep_copy, triad (a = b + s*c), a "
      "read-only sum and random reads (a(i) = b(hash(i))) over --size doubles.";
  static constexpr std::uint64_t default_size = std::uint64_t{1} << 27;

  std::vector<std::string> variant_names() const {
    return {"copy", "deep-copy", "triad", "read", "gather"};
  }
  void add_options(Cli&) {}
  void prepare(const CommonOptions& options) { size_ = options.size; }
  double host_bytes(const CommonOptions& options) const { return 3.0 * 8 * options.size; }
  std::string params() const { return "type=double"; }

  template <class Space>
  SpaceCase make_case(const CommonOptions& options);

 private:
  std::uint64_t size_ = 0;
};

}  // namespace bench::bandwidth
