#include "reduce/block_emulated.hpp"

#include <vector>

#include "emulator/block.hpp"
#include "emulator/reduce_drivers.hpp"

namespace bench::reduce {

template <class T>
T block_emulated_sum(const T* values, std::int64_t n) {
  emu::Block block(kEmulatedBlock);
  std::vector<T> shared(kEmulatedBlock);
  T total = 0;
  block.run([&](int rank) -> emu::Thread {
    T sum = 0;
    for (std::int64_t i = rank; i < n; i += kEmulatedBlock) sum += values[i];
    const T block_sum = co_await emu::tree_reduce(block, rank, shared.data(), sum);
    if (rank == 0) total = block_sum;
  });
  return total;
}

template float block_emulated_sum<float>(const float*, std::int64_t);
template double block_emulated_sum<double>(const double*, std::int64_t);
template std::int64_t block_emulated_sum<std::int64_t>(const std::int64_t*, std::int64_t);

}  // namespace bench::reduce
