#!/usr/bin/env bash
# Builds the CUDA test binaries here (a CPU machine with nvcc from PyPI) and leaves them,
# stripped, in .devbin/ for the GPU machine, with the runner scripts/run-device-tests.sh.
# DEVRUN="cuda_rejection cuda_graph ...": Hopper machine code only (TOKENPICK_CUDA_ARCHS=sm_90)
# and the binaries named also xz-compressed into target/devrun/, the folder
# scripts/device-call.sh runs from (~7.7 MB each: seven fit the device tool's 64 MiB carry).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${NVCC:?set NVCC to nvcc (e.g. <venv>/lib/python3.11/site-packages/nvidia/cu13/bin/nvcc)}"
mkdir -p .devbin && find .devbin -type f ! -name "*_bench" -delete
[ -n "${DEVRUN:-}" ] && export TOKENPICK_CUDA_ARCHS=sm_90
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
  if [[ " ${DEVRUN:-} " == *" $name "* ]]; then
    mkdir -p target/devrun
    xz -T1 -9 -c ".devbin/$name" >"target/devrun/$name.xz"
  fi
done
# The CLI, for `tokenpick verify` on the GPU machine.
cargo build --release -p tokenpick-cli --features cuda 2>/dev/null
cp target/release/tokenpick .devbin/tokenpick
strip .devbin/tokenpick
ls -la .devbin
