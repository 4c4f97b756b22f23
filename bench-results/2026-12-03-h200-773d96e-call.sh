#!/usr/bin/env bash
# Session 9, call 5 (the code that lands: the claim counter reset only in claimed shares): the
# CUDA tests, then the Gumbel-max A/B of fixed tiles (w0) against it on the shapes where call 4
# read 1-2.5% slower and the batch-256 targets. Binaries travel xz-compressed.
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"; d=/tmp/bin; log="$out/results.txt"; mkdir -p $d /tmp/r
for f in target/devrun/*.xz; do xz -dc "$f" > "$d/$(basename "$f" .xz)"; chmod +x "$d/$(basename "$f" .xz)"; done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$log"
for t in cuda_gumbel cuda_graph reproducibility bad_input cuda_rejection; do
  timeout 150 $d/$t --test-threads=4 > /tmp/r/t.log 2>&1
  echo "$t exit $? $(grep '^test result' /tmp/r/t.log | tail -1) [$SECONDS s]" >> "$log"
  { echo "== $t"; cat /tmp/r/t.log; } >> /tmp/r/tests.txt
done
shapes="gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:16:151936:3:f32 gumbel:16:128256:3:bf16 gumbel:256:32000:3:bf16 gumbel:1:128256:3:f32 gumbel:256:128256:1:f32 gumbel:256:128256:3:f32 gumbel:256:128256:6:f32 gumbel:256:128256:1:bf16 gumbel:256:128256:3:bf16 gumbel:256:128256:6:bf16"
for rep in 1 2; do
  for shape in $shapes; do
    for w in w0 final3; do
      echo "$w | $(BENCH_SHAPE=$shape timeout 30 $d/sampling_bench_$w | tail -1)" >> /tmp/r/ab.txt
    done
  done
done
echo "ab done [$SECONDS s]" >> "$log"
cp "$log" /tmp/r/
tar czf "$out/call5.tgz" -C /tmp/r ab.txt tests.txt results.txt
python3 - /tmp/r/ab.txt <<'PY'
import sys, re, collections
t = collections.defaultdict(list)
ws = ('w0', 'final3')
for line in open(sys.argv[1]):
    m = re.match(r"(\w+) \| (\S+) batch (\d+) vocab (\d+) sigma (\S+) (\S+): ([\d.]+) us", line)
    if m: t[(m[3], m[4], m[5], m[6])].append((m[1], float(m[7])))
print(f"{'batch':>5} {'vocab':>7} {'sigma':>5} {'type':>4} " + "".join(f"{w:>14}" for w in ws))
for k, v in t.items():
    d = collections.defaultdict(list)
    for w, us in v: d[w].append(us)
    print(f"{k[0]:>5} {k[1]:>7} {k[2]:>5} {k[3]:>4} " + " ".join(f"{'/'.join(f'{x:.2f}' for x in d[w]):>14}" for w in ws))
PY
cat "$log"
