#pragma once
// The library's version (the CMake package's).
#define KP_VERSION_MAJOR 0
#define KP_VERSION_MINOR 2
#define KP_VERSION_PATCH 0
