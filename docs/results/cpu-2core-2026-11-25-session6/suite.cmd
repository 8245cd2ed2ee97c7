OMP_PROC_BIND=close OMP_PLACES=cores build/serial-openmp/apps/suite --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results docs/results/cpu-2core-2026-11-25-session6/suite
