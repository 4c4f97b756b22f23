#!/usr/bin/env bash
# The three device calls of round 9 (session of 2026-12-03 from 18:01 UTC), each run from the
# repository root with target/devrun/ carried: scripts/device-call.sh with these variables.
# Call 1 (tree of eee6027 plus the since-removed TOKENPICK_PREFETCH_L2_PERCENT switch):
TESTS="cuda_gumbel cuda_graph reproducibility bad_input cuda_rejection" VARIANTS="off=sampling_bench:TOKENPICK_DEPENDENT_LAUNCH=0:TOKENPICK_PREFETCH_L2_PERCENT=0 pdl=sampling_bench:TOKENPICK_PREFETCH_L2_PERCENT=0 pf=sampling_bench:TOKENPICK_DEPENDENT_LAUNCH=0 both=sampling_bench pf200=sampling_bench:TOKENPICK_PREFETCH_L2_PERCENT=200" SHAPES="gumbel:1:128256:3:f32 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:16:151936:3:f32 gumbel:256:128256:3:f32 gumbel:256:128256:3:bf16 k50+p0.9:1:128256:3:f32 k50+p0.9:64:128256:3:f32 p0.9:16:128256:3:f32 m0.1:64:128256:1:f32 gumbel:256:32000:3:bf16" REPS=2 FULL="off both" EXTRA="nvidia-smi -q | grep -i -A2 'l2\|cache' | head; for s in k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:1:f32 k50+p0.9:64:128256:3:f32 k50+p0.9:256:128256:3:f32 gumbel:64:128256:3:f32; do BENCH_SHAPE=\$s /tmp/bin/sampling_bench_phases | tail -2; done" \
  bash scripts/device-call.sh
# Call 2 (b918eba's sorted selection before its s.candidates fix; sampling_bench_radix built
# with -DTOKENPICK_SORTED_SELECT=0, a switch since removed):
TESTS="cuda_rejection cuda_gumbel cuda_graph reproducibility bad_input" VARIANTS="radix=sampling_bench_radix sorted=sampling_bench_sorted sorted4=sampling_bench_sorted:TOKENPICK_ROW_GROUP=4 sorted16=sampling_bench_sorted:TOKENPICK_ROW_GROUP=16" SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32 k50+p0.9:16:128256:3:f32 k50+p0.9:64:128256:1:f32 k50+p0.9:64:128256:3:f32 k50+p0.9:64:128256:6:f32 k50+p0.9:64:128256:3:bf16 k50+p0.9:256:128256:3:f32 k50+p0.9:256:32000:3:f32 k50+p0.9:1:262144:3:f32" REPS=2 FULL="sorted" TORCH=1 EXTRA="timeout 150 compute-sanitizer --tool racecheck /tmp/bin/cuda_rejection small_top_k 2>&1 | tail -5" \
  bash scripts/device-call.sh
# Call 3 (b918eba):
TESTS="cuda_rejection cuda_gumbel cuda_graph reproducibility bad_input" VARIANTS="final=sampling_bench nopdl=sampling_bench:TOKENPICK_DEPENDENT_LAUNCH=0" SHAPES="p0.9:64:128256:1:bf16 p0.9:64:128256:6:bf16 m0.1:64:262144:3:bf16 m0.1:64:151936:6:bf16" REPS=2 FULL="final" TORCH=1 EXTRA="timeout 150 compute-sanitizer --tool racecheck /tmp/bin/cuda_rejection small_top_k 2>&1 | tail -4" \
  bash scripts/device-call.sh
