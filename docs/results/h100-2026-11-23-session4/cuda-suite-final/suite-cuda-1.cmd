build/serial-openmp-cuda/apps/suite --spaces cuda --apps bandwidth,reduce,scan,minloc,histogram,roulette --results /root/out/suite-cuda-1
