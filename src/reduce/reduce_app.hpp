#pragma once
// reduce: the sum of an array, by every variant on every enabled space.
#include <tuple>

#include "harness/app.hpp"
#include "reduce/input.hpp"

namespace bench::reduce {

class ReduceApp : public AppBase {
 public:
  KP_APP("reduce", std::uint64_t{1} << 26,
         "Sums an array of --size elements with every variant on every enabled execution space.");

  std::string params() const { return "type=" + type_ + ",data=" + data_; }

 private:
  std::string type_ = "float";
  std::string data_ = "uniform";
  std::tuple<Input<float>, Input<double>, Input<std::int64_t>> inputs_;
  std::optional<npy::Array> file_;  // --input's values until prepare()
};

// The variants on one space for one value type (explicitly instantiated in
// variants.cpp for every enabled space and type).
template <class Space, class T>
SpaceCase make_typed_case(const Input<T>& input);

}  // namespace bench::reduce
