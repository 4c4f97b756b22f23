#!/usr/bin/env bash
# The four device calls of round 10 (session of 2026-12-03 from 21:33 UTC), each run from the
# repository root with target/devrun/ carried: scripts/device-call.sh with these variables.
# Call 1 (20674b7: staged tile reads; tests and bench of that tree):
TESTS="cuda_gumbel cuda_rejection cuda_graph" VARIANTS="off=sampling_bench:TOKENPICK_GUMBEL_SLOTS=0:TOKENPICK_FILTER_STAGED=0 s1=sampling_bench s2=sampling_bench:TOKENPICK_GUMBEL_SLOTS=2" SHAPES="gumbel:1:128256:3:f32 gumbel:1:262144:3:f32 gumbel:16:151936:3:f32 gumbel:64:128256:3:f32 gumbel:64:128256:1:bf16 gumbel:256:128256:3:f32 gumbel:256:128256:1:f32 gumbel:256:128256:3:bf16 gumbel:256:262144:3:bf16 gumbel:64:32000:3:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:64:128256:3:f32 k50+p0.9:64:128256:1:f32 k50+p0.9:256:128256:3:f32 k50+p0.9:16:128256:3:bf16 p0.9:64:128256:1:bf16 p0.9:256:128256:3:f32 m0.1:256:128256:1:f32 m0.1:64:262144:3:bf16" REPS=2 FULL="s1" EXTRA="for e in TOKENPICK_ROW_GROUP=1 'TOKENPICK_ROW_GROUP=1 TOKENPICK_GUMBEL_SLOTS=2' TOKENPICK_GUMBEL_SLOTS=2 TOKENPICK_ROW_GROUP=2; do echo \"\$e\"; env \$e timeout 100 /tmp/bin/cuda_gumbel --test-threads=4 2>&1 | grep 'test result\|FAIL\|panic' | head -5; done; TOKENPICK_ROW_GROUP=1 timeout 100 /tmp/bin/cuda_rejection --test-threads=4 2>&1 | grep 'test result\|FAIL\|panic' | head; timeout 120 compute-sanitizer --tool memcheck /tmp/bin/cuda_gumbel split_rows 2>&1 | tail -4" \
  bash scripts/device-call.sh
# Call 2 (5b71cf9: the top-k kernel's split rows):
TESTS="cuda_rejection cuda_gumbel cuda_graph reproducibility bad_input" VARIANTS="cl=sampling_bench:TOKENPICK_TOP_K_SPLIT=0 sp=sampling_bench sp32=sampling_bench:TOKENPICK_TOP_K_SPLIT=32 sp132=sampling_bench:TOKENPICK_TOP_K_SPLIT=132" SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32 k50+p0.9:1:262144:3:f32 k50+p0.9:1:32000:3:f32 k50+p0.9:1:151936:3:bf16 k50+p0.9:4:128256:3:f32 k50+p0.9:8:262144:3:f32 k50+p0.9:16:128256:3:f32 gumbel:1:128256:3:f32 gumbel:64:128256:3:f32" REPS=2 FULL="sp" TORCH=1 EXTRA="echo forced132; TOKENPICK_TOP_K_SPLIT=132 timeout 150 /tmp/bin/cuda_rejection small_top_k tokens_agree --test-threads=2 2>&1 | grep 'test result\|panicked\|FAIL'; echo forced8; TOKENPICK_TOP_K_SPLIT=8 timeout 100 /tmp/bin/cuda_rejection small_top_k --test-threads=2 2>&1 | grep 'test result\|panicked'; echo memcheck; timeout 100 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection small_top_k 2>&1 | tail -3" \
  bash scripts/device-call.sh
# Call 3 (5b71cf9's bench, cluster path forced): ncu of the top-k kernel at batch 1 and 64.
EXTRA='cd /tmp/results; for s in k50+p0.9:1:128256:3:f32 k50+p0.9:64:128256:3:f32; do n=$(echo $s | cut -d: -f2); BENCH_SHAPE=$s TOKENPICK_TOP_K_SPLIT=0 timeout 120 ncu --section WarpStateStats --section SourceCounters --section SpeedOfLight --section LaunchStats --section Occupancy --section InstructionStats -k regex:top_k --launch-skip 10 --launch-count 1 -o /tmp/rep$n /tmp/bin/sampling_bench > /dev/null 2>&1; ncu -i /tmp/rep$n.ncu-rep --page details > ncu-b$n.txt 2>&1; ncu -i /tmp/rep$n.ncu-rep --page source --csv --print-source sass 2>/dev/null | gzip > ncu-b$n-sass.csv.gz; done' \
  bash scripts/device-call.sh
# Call 4 (5c93edf, i.e. b6b199b's kernels, against the same tree plus
# 2026-12-03-h200-5c93edf-call4-append-one-push.diff; benches only):
VARIANTS="base=sampling_bench_base new=sampling_bench_new" SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:262144:3:f32 k50+p0.9:16:128256:3:f32 k50+p0.9:64:128256:1:f32 k50+p0.9:64:128256:3:f32 k50+p0.9:64:128256:3:bf16 k50+p0.9:256:128256:3:f32 k50+p0.9:256:128256:1:bf16 k50+p0.9:64:32000:3:f32" REPS=3 FULL="base new" \
  bash scripts/device-call.sh
# Calls 5 and 6 (4d26b80's objects; the top-k kernel compiled alone per variant: base with
# -DTOKENPICK_NO_FINAL_COMPACT / the tree of 94109cd without that switch for call 5's "fc",
# and the tree of 94109cd for call 6's "ff"):
VARIANTS="base=sampling_bench_base fc=sampling_bench_fc" SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32 k50+p0.9:1:262144:3:f32 k50+p0.9:1:151936:3:bf16 k50+p0.9:1:32000:3:f32 k50+p0.9:16:128256:3:f32 k50+p0.9:64:128256:1:f32 k50+p0.9:64:128256:3:f32 k50+p0.9:64:128256:3:bf16 k50+p0.9:256:128256:3:f32 k50+p0.9:256:128256:1:bf16" REPS=3 FULL="base fc" \
  bash scripts/device-call.sh
VARIANTS="base=sampling_bench_base ff=sampling_bench_ff" SHAPES="(call 5's)" REPS=3 FULL="base ff" \
  bash scripts/device-call.sh
# Call 7 (94109cd: its test binaries, host_overhead built by `cargo bench -p tokenpick-core
# --features cuda --bench host_overhead --no-run`, row groups forced at batch 32-64):
TESTS="cuda_rejection cuda_gumbel cuda_graph reproducibility bad_input" VARIANTS="ff=sampling_bench_ff ff3=sampling_bench_ff:TOKENPICK_ROW_GROUP=3 ff4=sampling_bench_ff:TOKENPICK_ROW_GROUP=4" SHAPES="k50+p0.9:64:128256:1:f32 k50+p0.9:64:128256:3:f32 k50+p0.9:64:128256:3:bf16 k50+p0.9:32:128256:3:f32" REPS=2 EXTRA="timeout 60 /tmp/bin/host_overhead 2>&1 | tail -10; echo memcheck; timeout 90 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection small_top_k 2>&1 | tail -3" \
  bash scripts/device-call.sh
