#!/usr/bin/env bash
# The device calls of round 11 (session of 2026-12-04 from 00:53 UTC), each run from the
# repository root with target/devrun/ carried: scripts/device-call.sh with these variables.
# Bench variants: the bench's objects compiled once at 6f4e86d (`nvcc -std=c++17 -O3 -lineinfo
# -fmad=false -gencode arch=compute_90,code=sm_90 -c`), each variant's kernel file compiled
# alone and linked with them; sampling_bench_ph* the same with -DTOKENPICK_PHASE_TIMES.
#   base: 6f4e86d; as: e3a4983 (the sorted selections' network sized to the set);
#   as2: as + idle warps skipping the network (block_sort.cuh); wf2 / wf4: as + the one-warp
#   finish of ...-call3-warp-finish.diff with 2 / 4 words a lane; mp, mp2, mp3, mp4: as + the
#   one-read min-p path of ...-calls4-7-min-p-one-read.diff (mp4 is that diff; mp: scoring a
#   lane's slice entries one by one, mp2: + the warp's bar shared per step, mp3: + the kept
#   entries packed first, mp4: + the first-tile stop rule); phm: e3a4983 with phase marks 5-7
#   added at the top-k kernel's keep_words, its cut's sort and the finish's sort.
SH1="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:262144:3:f32 k50+p0.9:1:32000:3:f32 k50+p0.9:1:151936:3:bf16 k50+p0.9:16:128256:3:f32 k50+p0.9:32:128256:3:f32 k50+p0.9:64:128256:1:f32 k50+p0.9:64:128256:3:f32 k50+p0.9:64:128256:6:f32 k50+p0.9:64:128256:3:bf16 k50+p0.9:256:128256:3:f32 k50+p0.9:256:128256:1:bf16"
# Call 1: A/B base / as; phase marks (sampling_bench_ph: objects of e3a4983's tree) of the top-k,
# top-p and min-p shapes; ncu of the filtered kernel (top-p and min-p, batch 256 sigma 1).
VARIANTS="base=sampling_bench_base as=sampling_bench_as" SHAPES="$SH1" REPS=3 EXTRA='cd /tmp/results; for s in k50+p0.9:1:128256:3:f32 k50+p0.9:64:128256:3:f32 k50+p0.9:256:128256:3:f32 p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32 m0.1:256:128256:1:f32 m0.1:256:128256:3:f32; do echo "== $s"; BENCH_SHAPE=$s timeout 60 /tmp/bin/sampling_bench_ph 2>&1 | tail -2; done; for s in p0.9:256:128256:1:f32 m0.1:256:128256:1:f32; do n=$(echo $s | tr ":+." "___"); BENCH_SHAPE=$s timeout 150 ncu --section WarpStateStats --section SourceCounters --section SpeedOfLight --section LaunchStats --section Occupancy --section InstructionStats --section MemoryWorkloadAnalysis -k regex:filtered --launch-skip 10 --launch-count 1 -o /tmp/rep$n /tmp/bin/sampling_bench_base > /dev/null 2>&1; ncu -i /tmp/rep$n.ncu-rep --page details > ncu-$n.txt 2>&1; ncu -i /tmp/rep$n.ncu-rep --page source --csv --print-source sass 2>/dev/null | gzip > ncu-$n-sass.csv.gz; done' \
  bash scripts/device-call.sh
# Call 2: as / as2 (12 top-k shapes, k20 and k100+p0.9 among them), phase marks of as2.
# Call 3: as / wf2 / wf4 (12 top-k shapes), phase marks of wf2.
# Calls 4-7: as against mp (call 4, with full benches of both), mp / mp2 (call 5, with phase
# marks of the old and the new filtered kernel), mp3 (call 6, phase marks), mp4 (call 7, with
# full benches of as and mp4); min-p shapes at batch 1-256, sigma 1 / 3 / 6, f32 / bf16, and a
# few top-p and top-k shapes.
VARIANTS="as=sampling_bench_as mp4=sampling_bench_mp4" SHAPES="m0.1:256:128256:1:f32 m0.1:256:128256:3:f32 m0.1:256:128256:6:f32 m0.1:256:128256:1:bf16 m0.1:64:262144:1:f32 m0.1:1:128256:1:f32 m0.1:1:128256:3:f32 p0.9:256:128256:3:f32" REPS=2 FULL="as mp4" \
  bash scripts/device-call.sh
# Call 8 (fae1305: its test binaries by `cargo test -p tokenpick --features cuda --test <name>
# --no-run`, stripped; the bench of e3a4983's kernels, the same kernel code):
TESTS="cuda_rejection cuda_gumbel cuda_graph reproducibility bad_input" VARIANTS="as=sampling_bench_as" FULL="as" TORCH=1 EXTRA='for s in k50+p0.9:1:128256:3:f32 k50+p0.9:1:262144:3:f32 k50+p0.9:64:128256:3:f32 k50+p0.9:256:128256:3:f32; do echo "== $s"; BENCH_SHAPE=$s timeout 60 /tmp/bin/sampling_bench_phm 2>&1 | tail -2; done; echo memcheck; timeout 120 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection small_top_k 2>&1 | tail -3; timeout 150 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection min_p_rows 2>&1 | tail -3' \
  bash scripts/device-call.sh
# Call 9 (k1: the kernels of 081b885, the one-word-per-thread network for sets of up to 512;
# after a refused start that cost 90 s of device time):
VARIANTS="as=sampling_bench_as k1=sampling_bench_k1" SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:262144:3:f32 k50+p0.9:1:32000:3:f32 k50+p0.9:1:151936:3:bf16 k50+p0.9:16:128256:3:f32 k50+p0.9:64:128256:1:f32 k50+p0.9:64:128256:3:f32 k50+p0.9:64:128256:3:bf16 k50+p0.9:256:128256:3:f32 k50+p0.9:256:128256:1:bf16 k50+p0.9:1024:32000:3:f32" REPS=2 FULL="k1" \
  bash scripts/device-call.sh
# Call 10 (081b885: its test binaries, built as in call 8; the bench of its kernels):
TESTS="cuda_rejection cuda_gumbel cuda_graph reproducibility bad_input" VARIANTS="k1=sampling_bench_k1" FULL="k1" TORCH=1 EXTRA='timeout 100 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection small_top_k 2>&1 | tail -3' \
  bash scripts/device-call.sh
