#pragma once
// minloc: the first minimum of an array and its index (or, with --op max, the
// first maximum), by every variant on every enabled space. Ties resolve to the
// smallest index everywhere, so all backends agree bit for bit.

#include "harness/app.hpp"
#include "minloc/input.hpp"

namespace bench::minloc {

class MinlocApp : public AppBase {
 public:
  KP_APP("minloc", std::uint64_t{1} << 26,
         "Finds the first minimum (--op max: maximum) of --size floats and its index with every "
         "variant on every enabled execution space.");

  std::vector<std::string> default_variants() const;  // all but kokkos-minloc
  std::string params() const { return "op=" + op_ + ",data=" + data_; }

 private:
  std::string op_ = "min";
  std::string data_ = "integers";
  Input input_;
  std::optional<std::vector<float>> file_;  // --input's values until prepare()
};

// The variants on one space (explicitly instantiated in variants.cpp for every
// enabled space); input.op selects min or max.
template <class Space>
SpaceCase make_typed_case(const Input& input);

}  // namespace bench::minloc
