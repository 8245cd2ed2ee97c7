#pragma once
// What an application's variants file takes from the harness: the
// SpaceCase it returns, the spaces and their Views, the launch shape of the
// benchmark's own kernels, the data helpers, this rank's part under MPI
// (and the kp::mpi calls in MPI builds), and the standard library's
// parallel baselines where TBB runs them.
#include "harness/benchmark.hpp"
#include "harness/data.hpp"
#include "harness/launch.hpp"
#include "harness/ranks.hpp"
#include "harness/spaces.hpp"
#ifdef KP_HAVE_STD_PAR
#include "harness/std_par.hpp"
#endif
#ifdef KP_HAVE_MPI
#include <kp/mpi.hpp>
#endif
