# The device calls of the thirteenth round (2026-12-04, session from 07:58 UTC), each run from the
# repository root on the H200 with target/devrun/ carried (binaries built here, stripped,
# xz-compressed). Bench objects: `nvcc -std=c++17 -O3 -lineinfo -fmad=false -gencode
# arch=compute_90,code=sm_90 -I target/bench-include -c` of cpp/cuda/bench/sampling_bench.cu and
# the kernel and launch files; each variant's gumbel_max_kernel.cu compiled alone (-D flags
# below) and linked with the rest. base: main's `ab4710c`. The variants' macros (TP_V_*) lived
# only in the working tree:
#   lean   a warp none of whose lanes raised its bar in a tile reads the block's word instead
#          of shuffles + atomic (every share with the shared bar)
#   fast   a warp-uniform fast path per tile (one vote; groups skip the per-group state checks)
#   both   lean + fast;  st2 / st4: both + only the last 2 / 4 rounds of a share's tiles claimed
#   st2np  st2 without the L2 prefetch of the next tile (f32)
#   l2     lean in claimed tiles only;  l2np: l2 without the prefetch;  l1np: lean without it
#   l2npst l2np + the last 2 rounds claimed (what landed: `final` is its code without macros)
#   fbs    final + a block barrier after every warp's first bar (the first tile scored against
#          the block's best first bar)
# Test binaries: `cargo test -p tokenpick --features cuda --test <name> --no-run`, stripped.

# Call 1: tests of `both`, A/B of seven variants.
S1="gumbel:256:128256:1:f32 gumbel:256:128256:3:f32 gumbel:256:128256:3:bf16 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:1:128256:3:f32 gumbel:16:151936:3:f32 gumbel:256:32000:3:bf16 gumbel:1024:128256:3:bf16 gumbel:128:262144:3:f32 gumbel:1:262144:3:f32"
TESTS="cuda_gumbel cuda_rejection cuda_graph reproducibility" VARIANTS="base=sampling_bench_base lean=sampling_bench_lean fast=sampling_bench_fast both=sampling_bench_both st2=sampling_bench_st2 st2np=sampling_bench_st2np st4=sampling_bench_st4" SHAPES="$S1" REPS=3 \
  bash scripts/device-call.sh
# Call 2: A/B of the lean exchange, prefetch and claimed-round variants over 21 shapes.
S2="gumbel:256:128256:1:f32 gumbel:256:128256:3:f32 gumbel:256:128256:6:f32 gumbel:256:128256:1:bf16 gumbel:256:128256:3:bf16 gumbel:256:128256:3:f16 gumbel:64:128256:1:f32 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:1:128256:1:f32 gumbel:1:128256:3:f32 gumbel:1:151936:3:bf16 gumbel:16:151936:3:f32 gumbel:16:262144:3:f32 gumbel:32:128256:3:f32 gumbel:256:32000:3:bf16 gumbel:1024:32000:3:f32 gumbel:1024:128256:3:f32 gumbel:1024:128256:3:bf16 gumbel:128:262144:3:f32 gumbel:64:262144:3:f32"
VARIANTS="base=sampling_bench_base lean=sampling_bench_lean l2=sampling_bench_l2 l2np=sampling_bench_l2np l1np=sampling_bench_l1np l2npst=sampling_bench_l2npst" SHAPES="$S2" REPS=2 \
  bash scripts/device-call.sh
# Call 3: tests of the landed code (final), A/B base / l2npst / final / fbs, full benches of base
# and final, PyTorch, memcheck of cuda_gumbel.
S3="gumbel:256:128256:1:f32 gumbel:256:128256:3:bf16 gumbel:64:128256:1:f32 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:1:128256:3:f32 gumbel:16:151936:3:f32 gumbel:16:262144:3:f32 gumbel:32:128256:3:f32 gumbel:256:32000:3:bf16 gumbel:64:32000:3:f32 gumbel:1024:128256:3:f32"
TESTS="cuda_gumbel cuda_rejection cuda_graph reproducibility bad_input" VARIANTS="base=sampling_bench_base l2npst=sampling_bench_l2npst final=sampling_bench_final fbs=sampling_bench_fbs" SHAPES="$S3" REPS=2 FULL="base final" TORCH=1 \
  EXTRA='timeout 150 compute-sanitizer --tool memcheck /tmp/bin/cuda_gumbel 2>&1 | tail -4' \
  bash scripts/device-call.sh
# Call 4 (f4de41f: final2 is its kernel code; main: every bench object from ab4710c, the
# filtering kernel included; cr1: final2 with kClaimedRounds = 1): tests of f4de41f's own test
# binaries, A/B, full benches of main and final2, memcheck of the masked-runs test.
S4="gumbel:256:128256:1:f32 gumbel:256:128256:3:f32 gumbel:256:128256:3:bf16 gumbel:64:128256:1:f32 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:1:128256:3:f32 gumbel:1024:128256:3:f32 gumbel:128:262144:3:f32 m0.1:256:128256:1:f32 p0.9:256:128256:1:f32 m0.1:64:151936:6:f32"
TESTS="cuda_gumbel cuda_rejection cuda_graph reproducibility bad_input" VARIANTS="main=sampling_bench_main final2=sampling_bench_final2 cr1=sampling_bench_cr1 s3=sampling_bench_final2:TOKENPICK_SPLIT_BLOCKS=3 s6=sampling_bench_final2:TOKENPICK_SPLIT_BLOCKS=6" SHAPES="$S4" REPS=2 FULL="main final2" \
  EXTRA='timeout 150 compute-sanitizer --tool memcheck /tmp/bin/cuda_gumbel long_masked 2>&1 | tail -4' \
  bash scripts/device-call.sh
# Call 5 (diagnostics, f4de41f's kernel): phase marks (the phase build, with marks added in a
# copy of the kernel only: 7 block entry, 3 / 4 before / after warp 0's first bar, 5 warp 0's
# first tile done, 6 after a split row's finish) per shape, and ncu source counters at batch 64.
EXTRA='for s in gumbel:1:128256:3:f32 gumbel:16:262144:3:f32 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:256:128256:3:f32 gumbel:256:128256:3:bf16 gumbel:1024:128256:3:bf16; do for r in 1 2; do BENCH_SHAPE=$s /tmp/bin/sampling_bench_phases | tail -2; done; done; BENCH_SHAPE=gumbel:64:128256:3:f32 timeout 120 ncu --section SourceCounters --section WarpStateStats --section SchedulerStats -k regex:gumbel -c 1 -o /tmp/results/b64 /tmp/bin/sampling_bench_final2 > /dev/null 2>&1; ncu --import /tmp/results/b64.ncu-rep > /tmp/results/ncu-b64.txt 2>&1; ncu --import /tmp/results/b64.ncu-rep --page source --print-source sass --csv 2>/dev/null | gzip > /tmp/results/ncu-b64-sass.csv.gz; rm -f /tmp/results/b64.ncu-rep' \
  bash scripts/device-call.sh
# Call 6: A/B final2 (f4de41f) / vt (the first bar's token found from the vectors' maxima, then
# one vector's tokens, instead of a chain over every token: vectors_top in logit_tiles.cuh).
S6="gumbel:64:128256:1:f32 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:256:128256:3:f32 gumbel:256:128256:3:bf16 gumbel:1:128256:3:f32 gumbel:1:262144:3:f32 gumbel:1:151936:3:bf16 gumbel:16:262144:3:f32 gumbel:32:128256:3:f32 gumbel:256:32000:3:bf16 gumbel:64:32000:3:f32"
VARIANTS="final2=sampling_bench_final2 vt=sampling_bench_vt" SHAPES="$S6" REPS=3 \
  bash scripts/device-call.sh
# Call 7 (58e0862: its own test binaries; vt2 = its bench, every object compiled from it):
# tests, memcheck of the masked-runs test, the full bench.
TESTS="cuda_gumbel cuda_rejection cuda_graph reproducibility bad_input" VARIANTS="vt2=sampling_bench_vt2" FULL="vt2" \
  EXTRA='timeout 150 compute-sanitizer --tool memcheck /tmp/bin/cuda_gumbel long_masked 2>&1 | tail -4' \
  bash scripts/device-call.sh
