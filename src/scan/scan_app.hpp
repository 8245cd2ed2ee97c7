#pragma once
// scan: inclusive or exclusive prefix sums of an array, by every variant on
// every enabled space.
#include <tuple>

#include "harness/app.hpp"
#include "scan/input.hpp"

namespace bench::scan {

class ScanApp : public AppBase {
 public:
  KP_APP("scan", std::uint64_t{1} << 26,
         "Prefix sums (--kind inclusive or exclusive) of --size elements with every variant on "
         "every enabled execution space.");

  std::string params() const {
    return "type=" + type_ + ",kind=" + kind_ +
           ",data=" + (select_ > 0 ? "select-" + std::to_string(select_) : data_) +
           (segment_ != kSegment ? ",segment=" + std::to_string(segment_) : "") +
           (segment_lengths_ != "uniform" ? ",lengths=" + segment_lengths_ : "");
  }

 private:
  // Calls f with the input of the chosen --type.
  template <class F>
  decltype(auto) with_input(F&& f) {
    if (type_ == "int32") return f(std::get<Input<std::int32_t>>(inputs_));
    if (type_ == "int64") return f(std::get<Input<std::int64_t>>(inputs_));
    if (type_ == "double") return f(std::get<Input<double>>(inputs_));
    return f(std::get<Input<float>>(inputs_));
  }

  std::string type_ = "float";
  std::string kind_ = "inclusive";
  std::string data_ = "random";
  int select_ = 0;  // --select P (0: not given)
  static constexpr std::int64_t kSegment = 1000;
  std::int64_t segment_ = kSegment;          // --segment
  std::string segment_lengths_ = "uniform";  // --segment-lengths
  std::tuple<Input<std::int32_t>, Input<std::int64_t>, Input<float>, Input<double>> inputs_;
  std::optional<npy::Array> file_;  // --input's values until prepare()
};

// The variants on one space for one value type (explicitly instantiated in
// variants.cpp for every enabled space and type).
template <class Space, class T>
SpaceCase make_typed_case(const Input<T>& input);

}  // namespace bench::scan
