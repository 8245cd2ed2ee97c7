build/serial-openmp/apps/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results /root/out/suite
