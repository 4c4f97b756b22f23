#!/usr/bin/env bash
# The device calls of round 12 (session of 2026-12-04 from 04:18 UTC), each run from the
# repository root with target/devrun/ carried: scripts/device-call.sh with these variables.
# Bench variants: the bench's objects compiled at 6f4e86d (`nvcc -std=c++17 -O3 -lineinfo
# -fmad=false -gencode arch=compute_90,code=sm_90 -c`; the kernels other than top-k's have not
# changed since), the top-k kernel's object compiled at 8cfd23e, each variant's kernel file
# compiled alone and linked with them.
#   base: 8cfd23e's kernels; bb: + the block's shared bar in Gumbel-max (block_bar.cuh).
GS="gumbel:256:128256:1:f32 gumbel:256:128256:3:f32 gumbel:256:128256:6:f32 gumbel:256:128256:1:bf16 gumbel:256:128256:3:bf16 gumbel:256:128256:6:bf16 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:1:128256:3:f32 gumbel:16:151936:3:f32 gumbel:1024:128256:3:bf16 gumbel:256:32000:3:bf16 gumbel:128:262144:3:f32"
# Call 1: A/B base / bb over the Gumbel-max shapes; ncu instruction counts of both at batch 256.
VARIANTS="base=sampling_bench_base bb=sampling_bench_bb" SHAPES="$GS" REPS=3 EXTRA='for v in base bb; do for s in gumbel:256:128256:1:f32 gumbel:256:128256:3:f32; do echo "== $v $s"; BENCH_SHAPE=$s timeout 100 ncu -k regex:gumbel_max --launch-skip 20 --launch-count 1 --metrics smsp__inst_executed.sum,smsp__thread_inst_executed.sum,sm__cycles_elapsed.avg,smsp__warps_active.avg.per_cycle_active /tmp/bin/sampling_bench_$v 2>&1 | grep -E "inst_executed|cycles_elapsed|warps_active"; done; done' \
  bash scripts/device-call.sh
# Call 2: A/B base / bb / bb2 (bb with no reset, barrier or exchange in a share of one tile and
# no exchange after the last fixed tile) / bb3 (bb2 with claimed tiles from 3 block tiles a
# share, -DTOKENPICK_MIN_CLAIMED_TILES=3: batch 64 x 128256 takes them); ncu source counters
# of bb2 at batch 256 sigma 1.
VARIANTS="base=sampling_bench_base bb=sampling_bench_bb bb2=sampling_bench_bb2 bb3=sampling_bench_bb3" SHAPES="$GS gumbel:32:128256:3:f32 gumbel:64:262144:3:f32" REPS=2 EXTRA='cd /tmp/results; BENCH_SHAPE=gumbel:256:128256:1:f32 timeout 150 ncu --section WarpStateStats --section SourceCounters --section InstructionStats -k regex:gumbel_max --launch-skip 20 --launch-count 1 -o /tmp/repg /tmp/bin/sampling_bench_bb2 > /dev/null 2>&1; ncu -i /tmp/repg.ncu-rep --page details > ncu-bb2.txt 2>&1; ncu -i /tmp/repg.ncu-rep --page source --csv --print-source sass 2>/dev/null | gzip > ncu-bb2-sass.csv.gz; head -5 ncu-bb2.txt' \
  bash scripts/device-call.sh
# Call 3: A/B base / bb / bbf (bb with claimed tiles from 3 block tiles a share) / bbx (bbf
# with the claim's add as one lane's atom.shared, no warp aggregation) / all (bbx with the
# block's shared bar in the filtering kernel's pass 2 too).
FS="p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32 m0.1:256:128256:1:f32 m0.1:256:128256:3:f32 p0.9:64:128256:3:f32 m0.1:64:128256:1:f32 p0.9:1:128256:3:f32 m0.1:1:128256:1:f32 p0.9:256:128256:3:bf16"
VARIANTS="base=sampling_bench_base bb=sampling_bench_bb bbf=sampling_bench_bbf bbx=sampling_bench_bbx all=sampling_bench_all" SHAPES="$GS $FS" REPS=2 \
  bash scripts/device-call.sh
# Call 4 (the code to land, bbf: the block's shared bar in Gumbel-max and claimed tiles from 3
# block tiles; its test binaries by `cargo test -p tokenpick --features cuda --test <name>
# --no-run`, stripped; mg: bbf with the top-k kernel's finish merging the blocks' sorted lists,
# built from branch topk-merge): tests, A/B base / bbf / mg over top-k and Gumbel-max shapes,
# full benches of bbf and mg, PyTorch.
KS="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32 k50+p0.9:1:262144:3:f32 k50+p0.9:1:32000:3:f32 k50+p0.9:1:151936:3:bf16 k50+p0.9:16:128256:3:f32 k50+p0.9:32:128256:3:f32 k50+p0.9:64:128256:1:f32 k50+p0.9:64:128256:3:f32 k50+p0.9:64:128256:3:bf16 k50+p0.9:256:128256:3:f32 k50+p0.9:1024:32000:3:f32"
TESTS="cuda_gumbel cuda_rejection cuda_graph reproducibility bad_input" VARIANTS="base=sampling_bench_base bbf=sampling_bench_bbf mg=sampling_bench_mg" SHAPES="$KS gumbel:256:128256:3:f32 gumbel:64:128256:3:f32" REPS=2 FULL="bbf mg" TORCH=1 \
  bash scripts/device-call.sh
# Call 5: A/B base / bbf / t15 (bbf with the shared bar only where a block's share holds at
# least 1.5 block tiles, kSharedBarUnits: the code that landed), full bench of t15.
SS="gumbel:1:128256:1:f32 gumbel:1:128256:3:f32 gumbel:1:128256:6:f32 gumbel:1:32000:3:f32 gumbel:1:262144:3:f32 gumbel:1:128256:3:bf16 gumbel:16:128256:3:f32 gumbel:16:151936:3:f32 gumbel:16:262144:3:f32 gumbel:64:32000:3:f32 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:256:128256:1:f32 gumbel:256:128256:3:f32 gumbel:256:128256:3:bf16 gumbel:256:32000:3:bf16 gumbel:1024:128256:3:bf16 gumbel:128:262144:3:f32"
VARIANTS="base=sampling_bench_base bbf=sampling_bench_bbf t15=sampling_bench_t15" SHAPES="$SS" REPS=3 FULL="t15" \
  bash scripts/device-call.sh
# Call 6: A/B base / bbf / t15 / t16 (t15 with a tile_done hook of the claimed tiles' own that
# exchanges unconditionally; it read the same as t15, so t15 landed), full bench of t16.
VARIANTS="base=sampling_bench_base bbf=sampling_bench_bbf t15=sampling_bench_t15 t16=sampling_bench_t16" SHAPES="$SS" REPS=2 FULL="t16" \
  bash scripts/device-call.sh
# Call 7 (the landed code, t15's kernel source: its test binaries, built as in call 4):
TESTS="cuda_gumbel cuda_rejection cuda_graph reproducibility bad_input" \
  EXTRA='timeout 200 compute-sanitizer --tool memcheck /tmp/bin/cuda_gumbel long_masked 2>&1 | tail -4' \
  bash scripts/device-call.sh
# Call 8: A/B base / t15 (landed, 822f3b0) / fb (t15 with the bar also exchanged right after a
# warp's first bar, before its first tile's visits).
FS8="gumbel:256:128256:1:f32 gumbel:256:128256:3:f32 gumbel:256:128256:3:bf16 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:1:128256:3:f32 gumbel:16:262144:3:f32 gumbel:256:32000:3:bf16 gumbel:1024:128256:3:bf16 gumbel:128:262144:3:f32 gumbel:64:262144:3:f32"
VARIANTS="base=sampling_bench_base t15=sampling_bench_t15 fb=sampling_bench_fb" SHAPES="$FS8" REPS=3 \
  bash scripts/device-call.sh
# Call 9 (fb landed: its test binaries, built as in call 4; an A/B of the small shares, where the
# shared bar is off; the full bench of fb):
S9="gumbel:1:128256:1:f32 gumbel:1:128256:3:f32 gumbel:1:128256:6:f32 gumbel:1:32000:3:f32 gumbel:1:262144:3:f32 gumbel:1:128256:3:bf16 gumbel:16:128256:3:f32 gumbel:16:151936:3:f32 gumbel:64:32000:3:f32"
TESTS="cuda_gumbel cuda_rejection cuda_graph reproducibility bad_input" VARIANTS="base=sampling_bench_base t15=sampling_bench_t15 fb=sampling_bench_fb" SHAPES="$S9" REPS=3 FULL="fb" \
  bash scripts/device-call.sh
