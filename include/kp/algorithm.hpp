#pragma once
// kp::Algorithm: the variant a call runs. Every call takes one as its last
// argument; Algorithm::automatic (the default) picks the fastest correct one
// for the execution space, by the dispatch table in docs/API.md. Naming one
// is for benchmarks and tests; a call refuses (std::invalid_argument) an
// algorithm it does not implement, or one the space cannot run. The fast
// paths read contiguous arrays: a non-contiguous View (strided, say) takes
// the kokkos path of reduce, minloc and scan whatever is named.
#include <kp/impl/algorithm.hpp>
