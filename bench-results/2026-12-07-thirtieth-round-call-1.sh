#!/usr/bin/env bash
# Round 30's call 1: round 29's owed call 4 (the sampler's route memory, 7e9b9bc / branch
# route-memory: after a call on the two-pass kernel left at least 1/8 of its top-p rows, the
# next 16 calls of that dtype and vocabulary take the route at any batch): every CUDA test
# binary (cuda_rejection's a_sampler_routing_top_p_calls_draws_a_fresh_samplers_tokens and its
# memcheck), device_leftovers (fresh sampler per call against one sampler for all), `tokenpick
# verify`; then host_overhead (main's core, the same host path as route-memory), under perf
# when the machine has it (symbols kept: strip --strip-debug).
# Binaries in target/devrun: the test binaries, device_leftovers and the CLI built at 7e9b9bc
# (see bench-results/2026-12-07-twenty-ninth-round-call-4.sh), host_overhead by
#   TOKENPICK_CUDA_ARCHS=sm_90 cargo bench -p tokenpick-core --features cuda --bench \
#     host_overhead --no-run   (strip --strip-debug, xz -9)
#   run(command="bash bench-results/2026-12-07-thirtieth-round-call-1.sh",
#       carry=["target/devrun"], timeout_s=420)
set -u
cd "$(dirname "$0")/.."
EXTRA='timeout 120 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection routing 2>&1 | tail -4
timeout 150 /tmp/bin/tokenpick verify 2>&1 | tail -25
echo "== host_overhead"; timeout 90 /tmp/bin/host_overhead 2>&1 | tail -12
for t in perf valgrind gdb; do echo "$t: $(command -v $t || echo none)"; done
if command -v perf >/dev/null; then
  timeout 90 perf record -F 20000 -g -o /tmp/perf.data /tmp/bin/host_overhead >/dev/null 2>&1
  perf report -i /tmp/perf.data --stdio --no-children --percent-limit 0.7 2>/dev/null | head -150
fi' \
TESTS="device_leftovers cuda_rejection cuda_gumbel cuda_graph refusal" \
bash scripts/device-call.sh
