// Catch2 main for every test executable: Kokkos lives for the whole run, so
// each test can use any enabled execution space. In an MPI build MPI lives
// for it too, as in the applications' mains (harness/ranks.hpp): the apps'
// `kp` rows call kp::mpi there, here on one rank.
#include <Kokkos_Core.hpp>
#include <catch2/catch_session.hpp>

#include "harness/ranks.hpp"

int main(int argc, char** argv) {
  bench::MpiSession mpi(argc, argv);
  Kokkos::ScopeGuard kokkos(argc, argv);
  return Catch::Session().run(argc, argv);
}
