#!/usr/bin/env bash
# One device call, on the GPU machine, over binaries carried xz-compressed in target/devrun/
# (built and stripped here; DEVRUN_DIR names another folder): the test binaries named in
# TESTS, an A/B of bench variants over shapes, full bench runs, and results packed in one
# tarball under $OUT with a table last.
#   TESTS="cuda_gumbel cuda_graph"          test binaries to run (--test-threads=4, 150 s each)
#   VARIANTS="base=sampling_bench:TOKENPICK_X=0 new=sampling_bench"
#                                            name=binary[:ENV=VALUE...], in turn per shape
#   SHAPES="gumbel:64:128256:3:f32 ..."      BENCH_SHAPE values for the A/B
#   REPS=2                                   A/B repetitions
#   FULL="new"                               variants whose full bench runs (after the A/B)
#   TORCH=1                                  also scripts/torch_baselines.py
#   EXTRA="command"                          run last (e.g. ncu), output in extra.txt
set -uo pipefail
cd "$(dirname "$0")/.."
out="${OUT:-/tmp}"
bin=/tmp/bin
res=/tmp/results
mkdir -p "$bin" "$res"
for f in "${DEVRUN_DIR:-target/devrun}"/*.xz; do
  xz -dc "$f" >"$bin/$(basename "$f" .xz)" && chmod +x "$bin/$(basename "$f" .xz)"
done
log="$res/summary.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$log"
# What is done so far, packed after each step: a call cut short by its time limit still
# returns it.
save() { tar czf "$out/results.tgz" -C "$res" .; }

for t in ${TESTS:-}; do
  timeout 150 "$bin/$t" --test-threads=4 >"$res/test-$t.txt" 2>&1
  echo "test $t exit $? $(grep '^test result' "$res/test-$t.txt" | tail -1) [$SECONDS s]" >>"$log"
  save
done

# Runs variant `spec` (name=binary[:ENV=VALUE...]) with extra environment `shape`.
run_variant() {
  local spec=$1 name binary envs
  name=${spec%%=*}
  binary=${spec#*=}
  envs=()
  IFS=: read -r binary rest <<<"$binary"
  [ -n "${rest:-}" ] && IFS=: read -r -a envs <<<"$rest"
  env "${envs[@]}" "${@:2}" timeout 60 "$bin/$binary"
}

for rep in $(seq "${REPS:-2}"); do
  for shape in ${SHAPES:-}; do
    for spec in ${VARIANTS:-}; do
      echo "${spec%%=*} | $(run_variant "$spec" BENCH_SHAPE="$shape" | tail -1)" >>"$res/ab.txt"
    done
  done
done
[ -n "${SHAPES:-}" ] && echo "ab done [$SECONDS s]" >>"$log"
save

for name in ${FULL:-}; do
  for spec in ${VARIANTS:-}; do
    [ "${spec%%=*}" = "$name" ] || continue
    run_variant "$spec" >"$res/bench-$name.txt" 2>&1
    echo "full bench $name exit $? [$SECONDS s]" >>"$log"
    save
  done
done
if [ "${TORCH:-0}" = 1 ]; then
  python3 scripts/torch_baselines.py >"$res/torch.txt" 2>&1
  echo "torch exit $? [$SECONDS s]" >>"$log"
  save
fi
if [ -n "${EXTRA:-}" ]; then
  (while sleep 20; do save; done) &
  saver=$!
  bash -c "$EXTRA" >"$res/extra.txt" 2>&1
  echo "extra exit $? [$SECONDS s]" >>"$log"
  kill "$saver" 2>/dev/null
fi

# The A/B table: one row per shape, each variant's runs.
if [ -f "$res/ab.txt" ]; then
  python3 - "$res/ab.txt" >"$res/ab-table.txt" <<'PY'
import collections, re, sys
runs = collections.defaultdict(lambda: collections.defaultdict(list))
names = []
for line in open(sys.argv[1]):
    m = re.match(r"(\S+) \| (\S+) batch (\d+) vocab (\d+) sigma (\S+) (\S+): ([\d.]+) us.*?(?:fallback rows (\d+))?$", line.strip())
    if not m:
        continue
    if m[1] not in names:
        names.append(m[1])
    runs[(m[2], m[3], m[4], m[5], m[6])][m[1]].append(float(m[7]))
print(f"{'call':>9} {'batch':>5} {'vocab':>7} {'sg':>2} {'type':>4} " + "".join(f"{n:>16}" for n in names))
for shape, by in runs.items():
    cells = ["/".join(f"{x:.2f}" for x in by[n]) for n in names]
    print(f"{shape[0]:>9} {shape[1]:>5} {shape[2]:>7} {shape[3]:>2} {shape[4]:>4} " + "".join(f"{c:>16}" for c in cells))
PY
fi
tar czf "$out/results.tgz" -C "$res" .
cat "$log"
[ -f "$res/ab-table.txt" ] && cat "$res/ab-table.txt"
exit 0
