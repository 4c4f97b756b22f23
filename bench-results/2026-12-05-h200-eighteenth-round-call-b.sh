#!/usr/bin/env bash
# The eighteenth round's second call (after bench-results/2026-12-05-h200-eighteenth-round.sh):
# Gumbel-max's occupancy for the batch-256 bf16 cell (ncu, round 17: 7 of 8 warps a scheduler
# active, 1.5 eligible, issue slots 48% busy: latency-bound). Variants: main's 512 threads x 2
# blocks a multiprocessor (bench_szf, 805876a: main's Gumbel-max kernel), 384 x 3 (bench_g384,
# bb6a710: 36 warps, 56 registers, bf16 spills 176 bytes of loads against 68), 512 x 3
# (bench_g512x3, cc4a0b1: 48 warps, 40 registers, 776 bytes). Built by
# REV=<rev> DEVRUN=<name> scripts/gpu-bench.sh build, in target/devrun5 (~9 MB).
# EXTRA: ncu of the top-p route at batch 256 (source counters by SASS line, to attribute to
# the kTop first read's and the verify kernel's source lines with nvdisasm -g here), then the
# route forced on and off at 64-256 rows, main's head (bench_m12) against verify-buckets
# (bench_vb, d54be59), both copied into target/devrun5 (~15 MB); and Gumbel-max at batch 64
# with the blocks of a split row forced (TOKENPICK_SPLIT_BLOCKS, 4 by default there).
#   run(command="bash bench-results/2026-12-05-h200-eighteenth-round-call-b.sh",
#       carry=["target/devrun5"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrun5 \
VARIANTS="main=bench_szf g384=bench_g384 g512x3=bench_g512x3" \
SHAPES="gumbel:256:128256:1:bf16 gumbel:256:128256:3:bf16 gumbel:256:128256:3:f32
  gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:16:151936:3:f32
  gumbel:1:128256:3:f32 gumbel:1024:32000:3:bf16 k50+p0.9:1:128256:3:f32" \
REPS=3 EXTRA='
  # Where the top-p route spends at batch 256 (its first read ran 55-60 M warp instructions at
  # every sigma against plain Gumbel-max 23 M, round 14): ncu source counters of the route
  # forced on (its kTop first read and verify) at sigma 1 and 6, and of plain Gumbel-max.
  cd /tmp/results
  for s in p0.9:256:128256:1:f32 p0.9:256:128256:6:f32 gumbel:256:128256:1:f32; do
    n=$(echo "$s" | tr ":+." "___")
    BENCH_SHAPE=$s TOKENPICK_TOP_P_ROUTE=1 timeout 100 ncu --section SourceCounters \
      --section WarpStateStats --section InstructionStats --section SpeedOfLight \
      --section Occupancy -k regex:"gumbel_max|top_p_verify" --launch-skip 10 \
      --launch-count 2 -o /tmp/rep$n /tmp/bin/bench_szf >/dev/null 2>&1
    echo "ncu $s exit $?"
    ncu -i /tmp/rep$n.ncu-rep --page details >ncu-$n.txt 2>&1
    ncu -i /tmp/rep$n.ncu-rep --page source --csv --print-source sass 2>/dev/null |
      gzip >ncu-$n-sass.csv.gz
  done
  # The top-p route forced on at 64-256 rows, main (12fb748) and with the verify kernel by
  # buckets (verify-buckets, d54be59): whether the route then pays beyond its 16 / 32 rows.
  for s in p0.9:64:128256:1:f32 p0.9:64:128256:6:f32 p0.9:128:128256:1:f32 \
      p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32 p0.9:64:128256:3:bf16; do
    for b in bench_m12 bench_vb; do
      for route in 0 1; do
        echo "$b route=$route | $(BENCH_SHAPE=$s TOKENPICK_TOP_P_ROUTE=$route timeout 60 \
          /tmp/bin/$b | tail -1)"
      done
    done
  done
  # Gumbel-max at batch 64 (17.0-17.4 us against 16): blocks per split row forced, main.
  for s in gumbel:64:128256:1:f32 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16; do
    for split in 2 3 4 5 6 8; do
      echo "split=$split | $(BENCH_SHAPE=$s TOKENPICK_SPLIT_BLOCKS=$split timeout 60 \
        /tmp/bin/bench_m12 | tail -1)"
    done
  done' bash scripts/device-call.sh
