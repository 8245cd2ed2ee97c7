#pragma once
// reduce: the sum of an array, by every variant on every enabled space.
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "harness/app.hpp"
#include "harness/npy.hpp"
#include "reduce/input.hpp"

namespace bench::reduce {

class ReduceApp {
 public:
  static constexpr const char* name = "reduce";
  static constexpr const char* summary =
      "Sums an array of --size elements with every variant on every enabled execution space.";
  static constexpr std::uint64_t default_size = std::uint64_t{1} << 26;

  std::vector<std::string> variant_names() const;
  void add_options(Cli& cli);
  void load(CommonOptions& options);  // --input
  void prepare(const CommonOptions& options);
  double host_bytes(const CommonOptions& options) const;
  std::string params() const { return "type=" + type_ + ",data=" + data_; }

  template <class Space>
  SpaceCase make_case(const CommonOptions& options);

 private:
  std::string type_ = "float";
  std::string data_ = "uniform";
  std::tuple<Input<float>, Input<double>, Input<std::int64_t>> inputs_;
  std::string input_file_;          // --input FILE.npy
  std::optional<npy::Array> file_;  // its values until prepare()
};

// The variants on one space for one value type (explicitly instantiated in
// variants.cpp for every enabled space and type).
template <class Space, class T>
SpaceCase make_typed_case(const Input<T>& input);

}  // namespace bench::reduce
