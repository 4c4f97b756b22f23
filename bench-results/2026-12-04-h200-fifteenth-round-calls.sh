# The fifteenth round's device calls (2026-12-04, session from 18:49 UTC): the min-p route
# experiment (branch `min-p-frontier`). Binaries built here and carried xz-compressed in
# target/devrun/: the bench by /tmp/buildbench.sh (nvcc -std=c++17 -O3 -lineinfo -fmad=false
# -gencode arch=compute_90,code=sm_90 of the bench's sources plus min_p_route_kernel.cu and
# min_p_route.cu), test binaries by `TOKENPICK_CUDA_ARCHS=sm_90 cargo test -p tokenpick
# --features cuda --test <name> --no-run`, stripped. Every call: `scripts/device-call.sh` with
# carry ["target/devrun"]; the route forced on and off in one binary by TOKENPICK_MIN_P_ROUTE.
# Results: bench-results/2026-12-04-h200-r15-call{1..5}-*.
#
# Call 1: version v1 (each warp's frontier scanned for every lane's bar; the lane's own largest
# token where no point is above it; groups tested for the floor lane by lane), its tests and an
# ncu count of the route at batch 256 sigma 1.
TESTS="cuda_rejection cuda_graph" \
VARIANTS="mp=bench_new:TOKENPICK_MIN_P_ROUTE=1 two=bench_new:TOKENPICK_MIN_P_ROUTE=0" \
SHAPES="m0.1:256:128256:1:f32 m0.1:256:128256:3:f32 m0.1:256:128256:6:f32 m0.1:256:128256:1:bf16 m0.1:256:128256:3:bf16 m0.1:128:128256:1:f32 m0.1:64:128256:1:f32 m0.1:64:128256:3:f32 m0.1:16:128256:3:f32 m0.1:1024:32000:3:f32 m0.1:1024:32000:1:bf16 m0.1:256:262144:1:f32 m0.1:256:32000:6:bf16" \
REPS=1 EXTRA='BENCH_SHAPE=m0.1:256:128256:1:f32 TOKENPICK_MIN_P_ROUTE=1 timeout 60 ncu -k regex:"min_p_route" --launch-skip 20 --launch-count 1 --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__thread_inst_executed_per_inst_executed.ratio /tmp/bin/bench_new; timeout 120 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection the_min_p_route 2>&1 | tail -5' \
bash scripts/device-call.sh
# Call 2: v2 = v1 with whole groups scored once one token reaches the floor (the sink drops
# those under it) and the warp's lanes' largest tokens as the bar where a lane has none
# (lane_tops_bar); the same shapes less three, ncu of batch 256 x 128256 sigma 1 and batch 1024
# x 32000 bf16 sigma 1 (--metrics as call 1).
# Call 3: ncu of v2 (SourceCounters, WarpStateStats, InstructionStats; the SASS page as csv).
# Call 4: mp = v2 with the block's best-score and largest-key points (BlockPoints) as bars too;
# c8 = mp cutting slices at 8 points (was 16); ten shapes; ncu SASS page of mp.
VARIANTS="mp=bench_new:TOKENPICK_MIN_P_ROUTE=1 c8=bench_c8:TOKENPICK_MIN_P_ROUTE=1 two=bench_new:TOKENPICK_MIN_P_ROUTE=0" \
SHAPES="m0.1:256:128256:1:f32 m0.1:256:128256:3:f32 m0.1:256:128256:6:f32 m0.1:256:128256:1:bf16 m0.1:256:128256:3:bf16 m0.1:128:128256:1:f32 m0.1:1024:32000:3:f32 m0.1:1024:32000:1:bf16 m0.1:256:262144:1:f32 m0.1:256:32000:6:bf16" \
REPS=1 bash scripts/device-call.sh
# Call 5: s1 = mp with the block's best point as each group's bar where the group's largest key
# is under that point's (the branch's first commit, 4dc6caf); s0 = s1 without the warp
# frontier scan (block points alone); the same ten shapes; the SASS page csv is s0's.
VARIANTS="s0=bench_s0:TOKENPICK_MIN_P_ROUTE=1 s1=bench_s1:TOKENPICK_MIN_P_ROUTE=1 two=bench_s0:TOKENPICK_MIN_P_ROUTE=0" \
SHAPES="(call 4's ten shapes)" REPS=1 bash scripts/device-call.sh
# Call 6 (refused: the device was not lent again this session): the branch's second commit
# (197cae8, the block's bar table) against s1 and the two-pass kernel, the same ten shapes,
# then the test binaries of that commit (cuda_rejection, cuda_graph).
# Prepared for the next session (nothing below was run): benches of each experiment, e.g.
#   for v in main:main s1:4dc6caf table:197cae8 queue:856b672 rowbar:0169601; do
#     REV=${v#*:} DEVRUN=bench_${v%%:*} NVCC=... scripts/gpu-bench.sh build; done
# then one call:
#   VARIANTS="two=bench_main:TOKENPICK_MIN_P_ROUTE=0 s1=bench_s1 table=bench_table queue=bench_queue"
#   SHAPES=(call 4's ten shapes) REPS=2
# and, for the row bar, VARIANTS="main=bench_main rowbar=bench_rowbar" over gumbel:{32,64}:
# {32000,128256,262144}:{1,3,6}:{f32,bf16} and gumbel:{1,16}:128256:3:f32 (unchanged kernels
# there: a control); test binaries of the branch that wins (cuda_gumbel for the row bar).
