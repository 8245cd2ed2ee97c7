#pragma once
// kp::release_workspaces: frees the memory the library keeps between calls.
//
//   kp::release_workspaces();   // Kokkos::fence(), then frees every cached workspace
//
// Calls that need memory besides their input and output (a reduction's
// result slot and team partials, a scan's tile status, a histogram's private
// rows, an alias table's work arrays) take it from a cache, one object per
// kind of workspace and execution space instance, grown when a call needs
// more and never shrunk. This frees all of it, after a global fence; calls
// made later allocate again. Kokkos::finalize does it by itself. Not to be
// called while another host thread runs a kp:: call.
namespace kp {
inline void release_workspaces();
}  // namespace kp

#include <kp/impl/core/workspace.hpp>  // its definition
