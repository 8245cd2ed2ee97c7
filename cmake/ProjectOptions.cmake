# Warnings, sanitizers and the shared interface every target of the suite uses.

option(KP_WARNINGS_AS_ERRORS "Treat the project's own warnings as errors" OFF)
set(KP_SANITIZE "" CACHE STRING "Sanitizers for the host build, e.g. address,undefined")

add_library(kp_options INTERFACE)
target_compile_features(kp_options INTERFACE cxx_std_20)
target_include_directories(kp_options INTERFACE ${PROJECT_SOURCE_DIR}/src)
target_link_libraries(kp_options INTERFACE kp Kokkos::kokkos)

# Kokkos headers raise -Wvolatile and friends under C++20: treat them as system
# headers so that -Wall -Wextra speaks only about the project's own code.
get_target_property(_kokkos_includes Kokkos::kokkos INTERFACE_INCLUDE_DIRECTORIES)
if(_kokkos_includes)
  target_include_directories(kp_options SYSTEM INTERFACE ${_kokkos_includes})
endif()

# nvcc_wrapper hands flags it does not know to the host compiler, so the same
# warning flags cover the host code of CUDA builds.
target_compile_options(kp_options INTERFACE -Wall -Wextra)
# nvcc only warns when device code calls a host function (20011, 20014) or
# a constexpr host function (20013); in a release build the kernel then
# fails to launch without a word, so its outputs are silently not written.
# Those are errors here.
if(Kokkos_ENABLE_CUDA)
  foreach(_diag 20011 20013 20014)
    target_compile_options(kp_options INTERFACE "SHELL:-Xcudafe --diag_error=${_diag}")
  endforeach()
endif()
if(KP_WARNINGS_AS_ERRORS AND NOT Kokkos_ENABLE_CUDA)
  target_compile_options(kp_options INTERFACE -Werror)
endif()

# The suite's host code for the building machine's CPU (wider vectors than
# the x86-64 baseline's SSE2). FP contraction stays off: fused multiply-adds
# would change the last bit of sums and mandelbrot's counts, which every
# variant is checked against bit for bit. Only the suite: the installed
# library's users choose their own flags.
option(KP_NATIVE "Compile the suite for this machine's CPU (-march=native)" OFF)
if(KP_NATIVE)
  target_compile_options(kp_options INTERFACE -march=native -ffp-contract=off)
endif()

# -O1, as AddressSanitizer's documentation advises: half the compile time of
# -O3 with the instrumentation, and fast enough for the tests.
if(KP_SANITIZE)
  target_compile_options(kp_options INTERFACE -O1 -fsanitize=${KP_SANITIZE} -fno-omit-frame-pointer
                                              -fno-sanitize-recover=all)
  target_link_options(kp_options INTERFACE -fsanitize=${KP_SANITIZE})
endif()

if(KokkosKernels_FOUND)
  target_link_libraries(kp_options INTERFACE Kokkos::kokkoskernels)
  target_compile_definitions(kp_options INTERFACE KP_HAVE_KOKKOS_KERNELS)
endif()

# The parallel standard-library baselines (std::reduce, std::*_scan,
# std::min_element with std::execution::par_unseq, on the openmp space):
# libstdc++ runs those policies on TBB, so they need TBB::tbb, linked by the
# applications that use them (kp_std_par). Without TBB, and in CUDA builds
# (nvcc is not asked to compile TBB's headers), those rows are left out and
# libstdc++ is held to its serial backend, so that no translation unit
# needs TBB at link time.
# With TBB, kp_std_par also holds start_tbb_on_openmp_cpus (harness/std_par.hpp),
# which gives TBB the CPUs of the OpenMP threads.
find_package(TBB QUIET)
if(TBB_FOUND AND NOT Kokkos_ENABLE_CUDA)
  add_library(kp_std_par STATIC ${PROJECT_SOURCE_DIR}/src/harness/std_par.cpp)
  target_link_libraries(kp_std_par PUBLIC kp_options TBB::tbb)
  target_compile_definitions(kp_std_par PUBLIC KP_HAVE_STD_PAR)
  message(STATUS "TBB ${TBB_VERSION} found: the std::execution::par_unseq baselines run on the openmp space")
else()
  add_library(kp_std_par INTERFACE)
  target_compile_definitions(kp_options INTERFACE _GLIBCXX_USE_TBB_PAR_BACKEND=0)
  if(Kokkos_ENABLE_CUDA)
    message(NOTICE "CUDA build: building without the std::execution::par_unseq baselines (TBB under nvcc not supported here)")
  else()
    message(WARNING "TBB not found (Debian: apt-get install libtbb-dev, as scripts/setup.sh does): "
                    "building without the std::execution::par_unseq baselines on the openmp space")
  endif()
endif()
