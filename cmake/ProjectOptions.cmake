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

if(Kokkos_ENABLE_CUDA)
  # nvcc_wrapper passes -X flags to the host compiler; nvcc itself has its own warnings.
  target_compile_options(kp_options INTERFACE -Xcompiler=-Wall,-Wextra
                                              --diag-suppress=esa_on_defaulted_function_ignored)
else()
  target_compile_options(kp_options INTERFACE -Wall -Wextra)
  if(KP_WARNINGS_AS_ERRORS)
    target_compile_options(kp_options INTERFACE -Werror)
  endif()
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
