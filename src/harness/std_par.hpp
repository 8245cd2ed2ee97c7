#pragma once
// The std::execution::par_unseq baselines (libstdc++ runs them on TBB) next
// to the openmp space's rows: TBB must get the same CPUs as the OpenMP
// threads. With OMP_PROC_BIND set, the OpenMP runtime binds the main thread
// to its first place when the program starts; TBB reads the main thread's
// CPU mask for its thread count, and its worker threads inherit that mask,
// so without this every par_unseq baseline ran on one CPU.
namespace bench {

// Starts TBB's workers, once per process, with the main thread's mask
// widened for the while to every CPU of the OpenMP places (nothing to widen
// when OpenMP binds no threads). Call it before timing a par_unseq row.
void start_tbb_on_openmp_cpus();

}  // namespace bench
