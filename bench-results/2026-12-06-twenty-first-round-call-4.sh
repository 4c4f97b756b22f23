#!/usr/bin/env bash
# The twenty-first round's call 4: Gumbel-max with fewer instructions of code (ncu in call 3:
# ~2.6 of ~12 cycles an issue at bf16 batch 256 are no_instruction stalls, the kernel is 20.5 K
# instructions): bench_gnoA = branch gumbel-noise-outline f62bbdf (one bounded path per visit
# site, and the survivors' noise out of line), bench_gnoB = 6d4e523 (the same with the noise
# inline: the merge alone), against main (bench_main: c04e354's kernels); Gumbel-max and the
# filtered calls (they score survivors the same way); the branch's CUDA tests; its full
# bench; ncu of the branch at bf16 batch 256. Binaries in target/devrunH.
#   run(command="bash bench-results/2026-12-06-twenty-first-round-call-4.sh",
#       carry=["target/devrunH"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunH \
VARIANTS="main=bench_main A=bench_gnoA B=bench_gnoB" \
SHAPES="gumbel:256:128256:1:bf16 gumbel:256:128256:6:bf16 gumbel:256:128256:3:f32
  gumbel:64:128256:1:f32 gumbel:64:128256:3:f32 gumbel:1:128256:3:f32 gumbel:1:262144:3:f32
  gumbel:1024:32000:3:bf16 gumbel:16:151936:3:f32 k50+p0.9:1:128256:3:f32
  k50+p0.9:256:128256:3:f32 m0.1:256:128256:1:f32 p0.9:256:128256:3:f32" \
REPS=2 FULL="A" TESTS="cuda_gumbel cuda_graph cuda_rejection" EXTRA='
  metrics="regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__inst_executed.sum,sm__cycles_elapsed.avg"
  pattern="stalled_(wait|long|no_inst|math|dispatch|not_sel)|inst_executed.sum|cycles_elapsed|Issued Warp|No Eligible"
  for b in bench_main bench_gnoA; do
    echo "== ncu $b gumbel:256:128256:1:bf16"
    BENCH_SHAPE=gumbel:256:128256:1:bf16 timeout 60 ncu -k regex:gumbel_max --launch-skip 20 \
      --launch-count 1 --metrics "$metrics" --section SchedulerStats --section WarpStateStats \
      /tmp/bin/$b 2>&1 | grep -E "$pattern"
  done' bash scripts/device-call.sh
