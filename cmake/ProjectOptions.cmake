# Warnings, sanitizers and the shared interface every target of the suite uses.

option(KP_WARNINGS_AS_ERRORS "Treat the project's own warnings as errors" OFF)
set(KP_SANITIZE "" CACHE STRING "Sanitizers for the host build, e.g. address,undefined")

add_library(kp_options INTERFACE)
target_compile_features(kp_options INTERFACE cxx_std_20)
target_include_directories(kp_options INTERFACE ${PROJECT_SOURCE_DIR}/src)
target_link_libraries(kp_options INTERFACE Kokkos::kokkos)

# Kokkos headers raise -Wvolatile and friends under C++20: treat them as system
# headers so that -Wall -Wextra speaks only about the project's own code.
get_target_property(_kokkos_includes Kokkos::kokkos INTERFACE_INCLUDE_DIRECTORIES)
if(_kokkos_includes)
  target_include_directories(kp_options SYSTEM INTERFACE ${_kokkos_includes})
endif()

# nvcc_wrapper hands flags it does not know to the host compiler, so the same
# warning flags cover the host code of CUDA builds.
target_compile_options(kp_options INTERFACE -Wall -Wextra)
if(KP_WARNINGS_AS_ERRORS AND NOT Kokkos_ENABLE_CUDA)
  target_compile_options(kp_options INTERFACE -Werror)
endif()

if(KP_SANITIZE)
  target_compile_options(kp_options INTERFACE -fsanitize=${KP_SANITIZE} -fno-omit-frame-pointer
                                              -fno-sanitize-recover=all)
  target_link_options(kp_options INTERFACE -fsanitize=${KP_SANITIZE})
endif()

if(KokkosKernels_FOUND)
  target_link_libraries(kp_options INTERFACE Kokkos::kokkoskernels)
  target_compile_definitions(kp_options INTERFACE KP_HAVE_KOKKOS_KERNELS)
endif()
