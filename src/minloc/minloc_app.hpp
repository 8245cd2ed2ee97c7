#pragma once
// minloc: the first minimum of an array and its index (or, with --op max, the
// first maximum), by every variant on every enabled space. Ties resolve to the
// smallest index everywhere, so all backends agree bit for bit.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/app.hpp"
#include "minloc/input.hpp"

namespace bench::minloc {

class MinlocApp {
 public:
  static constexpr const char* name = "minloc";
  static constexpr const char* summary =
      "Finds the first minimum (--op max: maximum) of --size floats and its index with every "
      "variant on every enabled execution space.";
  static constexpr std::uint64_t default_size = std::uint64_t{1} << 26;

  std::vector<std::string> variant_names() const;
  std::vector<std::string> default_variants() const;  // all but kokkos-minloc
  void add_options(Cli& cli);
  void load(CommonOptions& options);  // --input
  void prepare(const CommonOptions& options);
  double host_bytes(const CommonOptions& options) const;
  std::string params() const { return "op=" + op_ + ",data=" + data_; }

  template <class Space>
  SpaceCase make_case(const CommonOptions& options);

 private:
  std::string op_ = "min";
  std::string data_ = "integers";
  Input input_;
  std::string input_file_;                  // --input FILE.npy
  std::optional<std::vector<float>> file_;  // its values until prepare()
};

// The variants on one space (explicitly instantiated in variants.cpp for every
// enabled space); input.op selects min or max.
template <class Space>
SpaceCase make_typed_case(const Input& input);

}  // namespace bench::minloc
