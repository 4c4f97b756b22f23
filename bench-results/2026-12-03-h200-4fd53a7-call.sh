#!/usr/bin/env bash
# Session 9, call 2: Gumbel-max with fixed tiles (w0) / claimed warp tiles (w1) / claimed +
# L2 prefetch of the next tile (w2) / w2 + the group's own bound after the tile's fails (w3),
# each shape run for the builds in turn; the CUDA tests built
# with w3 (cuda_gumbel; cuda_rejection with the batch-16 case); ncu of w0 and w3; full bench
# of w3 and the PyTorch baselines.
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"; d=target/devrun; log="$out/results.txt"
: > "$log"
for t in cuda_gumbel cuda_rejection; do
  timeout 150 $d/$t --test-threads=4 > "$out/t.log" 2>&1
  echo "$t exit $? $(grep '^test result' "$out/t.log" | tail -1) [$SECONDS s]" >> "$log"
  cat "$out/t.log" >> "$out/tests.txt"
done
shapes="gumbel:256:128256:1:f32 gumbel:256:128256:3:f32 gumbel:256:128256:6:f32 gumbel:256:128256:1:bf16 gumbel:256:128256:3:bf16 gumbel:256:128256:6:bf16 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:1:128256:3:f32 gumbel:16:151936:3:f32 gumbel:128:262144:3:f32 gumbel:1024:128256:3:bf16 gumbel:256:262144:3:f32 gumbel:96:128256:3:bf16"
b256="gumbel:256:128256:1:f32 gumbel:256:128256:3:f32 gumbel:256:128256:6:f32 gumbel:256:128256:1:bf16 gumbel:256:128256:3:bf16 gumbel:256:128256:6:bf16"
for shape in $shapes $b256; do
  for w in w0 w1 w2 w3; do
    echo "$w | $(BENCH_SHAPE=$shape timeout 30 $d/sampling_bench_$w | tail -1)" >> "$out/ab.txt"
  done
done
echo "ab done [$SECONDS s]" >> "$log"
metrics='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__inst_executed.sum,sm__cycles_elapsed.avg'
for w in 0 3; do
  BENCH_SHAPE=gumbel:256:128256:3:f32 timeout 90 ncu -k regex:gumbel_max --launch-skip 20 --launch-count 1 \
    --metrics "$metrics" --section SchedulerStats --section WarpStateStats $d/sampling_bench_w$w > "$out/n.txt" 2>&1
  { echo "== ncu w$w"; grep -E "stalled_(wait|long|barrier|not_sel|math|dispatch)|inst_executed.sum|cycles_elapsed|Issued Warp|No Eligible|Active Threads" "$out/n.txt"; } >> "$out/ncu.txt"
done
echo "ncu done [$SECONDS s]" >> "$log"
for w in 3; do
  timeout 60 $d/sampling_bench_w$w > "$out/bench_w$w.txt" 2>&1
  echo "bench w$w exit $? [$SECONDS s]" >> "$log"
done
timeout 100 python3 scripts/torch_baselines.py > "$out/torch_baselines.txt" 2>&1
echo "torch exit $? [$SECONDS s]" >> "$log"
rm -f "$out/t.log" "$out/n.txt"
(cd "$out" && tar czf call2.tgz ab.txt tests.txt ncu.txt results.txt bench_w3.txt torch_baselines.txt && rm -f ab.txt tests.txt ncu.txt bench_w3.txt torch_baselines.txt)
cp "$log" /tmp/results.txt
tar xzf "$out/call2.tgz" -C /tmp ab.txt ncu.txt bench_w3.txt
python3 - /tmp/ab.txt <<'PY'
import sys, re, collections
t = collections.defaultdict(list)
ws = ('w0', 'w1', 'w2', 'w3')
for line in open(sys.argv[1]):
    m = re.match(r"(\w\d) \| (\S+) batch (\d+) vocab (\d+) sigma (\S+) (\S+): ([\d.]+) us", line)
    if m: t[(m[3], m[4], m[5], m[6])].append((m[1], float(m[7])))
print(f"{'batch':>5} {'vocab':>7} {'sigma':>5} {'type':>4} " + "".join(f"{w:>14}" for w in ws))
for k, v in t.items():
    d = collections.defaultdict(list)
    for w, us in v: d[w].append(us)
    print(f"{k[0]:>5} {k[1]:>7} {k[2]:>5} {k[3]:>4} " + " ".join(f"{'/'.join(f'{x:.2f}' for x in d[w]):>14}" for w in ws))
PY
tail -32 /tmp/bench_w3.txt
cat /tmp/ncu.txt /tmp/results.txt
