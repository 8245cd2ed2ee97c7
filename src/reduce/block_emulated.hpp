#pragma once
// The block-emulated variant: the block-tree algorithm run by the coroutine
// block emulator, one block of logical threads on one host thread. It shows
// on the Serial space what a GPU block does (strided loads, a tree with real
// barriers) and what emulating it costs next to the native variants.
#include <cstdint>

namespace bench::reduce {

// Logical threads of the emulated block, as a GPU block of the block-tree variant.
inline constexpr int kEmulatedBlock = 256;

// Sum of values[0, n): thread t of the block sums values t, t + 256, ...,
// then the threads' sums meet in the emulated shared-memory tree.
template <class T>
T block_emulated_sum(const T* values, std::int64_t n);

}  // namespace bench::reduce
