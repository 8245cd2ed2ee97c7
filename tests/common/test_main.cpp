// Catch2 main for every test executable: Kokkos lives for the whole run, so
// each test can use any enabled execution space.
#include <Kokkos_Core.hpp>
#include <catch2/catch_session.hpp>

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  return Catch::Session().run(argc, argv);
}
