#pragma once
// The refusal a call throws for an algorithm choice the space cannot run.
// The choices themselves (each call's enum, impl::Algorithm, their names)
// are public: include/kp/algorithm.hpp.
#include <stdexcept>
#include <string>

#include <kp/algorithm.hpp>

namespace kp::impl {

// A choice the call has but the space cannot run (host_lanes on a GPU, ...).
[[noreturn]] inline void unsupported(const char* call, Algorithm a, const char* space) {
  throw std::invalid_argument(std::string(call) + ": algorithm '" + name(a) +
                              "' is not available on " + space);
}

}  // namespace kp::impl
