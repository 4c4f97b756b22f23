#!/usr/bin/env bash
# Session 9, call 4 (final code: the group bound only with claimed tiles): the CUDA tests; Gumbel-max A/B of fixed tiles (w0, the
# code before this round) against the final build (claimed tiles from 4 block tiles, L2
# prefetch for f32, the group bound with claimed tiles only); the full bench of the final build and the PyTorch
# baselines. Binaries travel xz-compressed (carry limit).
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"; d=/tmp/bin; log="$out/results.txt"; mkdir -p $d /tmp/r
for f in target/devrun/*.xz; do xz -dc "$f" > "$d/$(basename "$f" .xz)"; chmod +x "$d/$(basename "$f" .xz)"; done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$log"
for t in cuda_gumbel cuda_rejection cuda_graph reproducibility bad_input; do
  timeout 150 $d/$t --test-threads=4 > /tmp/r/t.log 2>&1
  echo "$t exit $? $(grep '^test result' /tmp/r/t.log | tail -1) [$SECONDS s]" >> "$log"
  { echo "== $t"; cat /tmp/r/t.log; } >> /tmp/r/tests.txt
done
shapes="gumbel:256:128256:1:f32 gumbel:256:128256:3:f32 gumbel:256:128256:6:f32 gumbel:256:128256:1:bf16 gumbel:256:128256:3:bf16 gumbel:256:128256:6:bf16 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:64:262144:3:f32 gumbel:16:151936:3:f32 gumbel:16:128256:3:bf16 gumbel:256:32000:3:bf16 gumbel:1:128256:3:f32 gumbel:128:262144:3:f32 gumbel:1024:128256:3:bf16 gumbel:256:262144:3:f32 gumbel:96:128256:3:bf16"
for rep in 1; do
  for shape in $shapes; do
    for w in w0 final2; do
      echo "$w | $(BENCH_SHAPE=$shape timeout 30 $d/sampling_bench_$w | tail -1)" >> /tmp/r/ab.txt
    done
  done
done
echo "ab done [$SECONDS s]" >> "$log"
timeout 60 $d/sampling_bench_final2 > /tmp/r/sampling_bench.txt 2>&1
echo "bench exit $? [$SECONDS s]" >> "$log"
timeout 100 python3 scripts/torch_baselines.py > /tmp/r/torch_baselines.txt 2>&1
echo "torch exit $? [$SECONDS s]" >> "$log"
cp "$log" /tmp/r/
tar czf "$out/call4.tgz" -C /tmp/r ab.txt tests.txt sampling_bench.txt torch_baselines.txt results.txt
python3 - /tmp/r/ab.txt <<'PY'
import sys, re, collections
t = collections.defaultdict(list)
ws = ('w0', 'final2')
for line in open(sys.argv[1]):
    m = re.match(r"(\w+) \| (\S+) batch (\d+) vocab (\d+) sigma (\S+) (\S+): ([\d.]+) us", line)
    if m: t[(m[3], m[4], m[5], m[6])].append((m[1], float(m[7])))
print(f"{'batch':>5} {'vocab':>7} {'sigma':>5} {'type':>4} " + "".join(f"{w:>14}" for w in ws))
for k, v in t.items():
    d = collections.defaultdict(list)
    for w, us in v: d[w].append(us)
    print(f"{k[0]:>5} {k[1]:>7} {k[2]:>5} {k[3]:>4} " + " ".join(f"{'/'.join(f'{x:.2f}' for x in d[w]):>14}" for w in ws))
PY
tail -34 /tmp/r/sampling_bench.txt
cat "$log"
