#!/usr/bin/env bash
# Builds the CUDA test binaries here (a CPU machine with nvcc from PyPI) and leaves them,
# stripped, in .devbin/ for the GPU machine, with the runner scripts/run-device-tests.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${NVCC:?set NVCC to nvcc (e.g. <venv>/lib/python3.11/site-packages/nvidia/cu13/bin/nvcc)}"
mkdir -p .devbin && find .devbin -type f ! -name "*_bench" -delete
cargo test --workspace --features cuda --no-run --message-format=json 2>/dev/null \
  | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        target = m["target"]
        # Unit tests of a library and of a binary share the crate name: tell them apart.
        name = target["name"] + ("-unit" if target["kind"] != ["test"] else "")
        print(name, m["executable"])
' | while read -r name exe; do
  # The CLI tests run the binary at its build path, and the CLI has no unit tests.
  case "$name" in cli | tokenpick-unit-bin | tokenpick-cli-unit) continue ;; esac
  cp "$exe" ".devbin/$name"
  strip ".devbin/$name"
done
# The CLI, for `tokenpick verify` on the GPU machine.
cargo build --release -p tokenpick-cli --features cuda 2>/dev/null
cp target/release/tokenpick .devbin/tokenpick
strip .devbin/tokenpick
ls -la .devbin
