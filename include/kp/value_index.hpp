#pragma once
// kp::ValueIndex: what kp::minloc and kp::maxloc return.
//
//   template <class T> struct ValueIndex { T value; std::int64_t index; };
//
// An extremum and the index of its first occurrence. Empty input gives
// index -1 and the identity value (+inf / -inf, or the type's max / lowest
// for integers).
#include <kp/impl/core/value_index.hpp>
