#pragma once
// kp::ValueIndex's definition (documented in include/kp/value_index.hpp);
// here so that the implementation headers need no public one.
#include <cstdint>

namespace kp {

template <class T>
struct ValueIndex {
  T value;
  std::int64_t index;
};

}  // namespace kp
