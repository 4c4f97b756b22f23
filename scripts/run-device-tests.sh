#!/usr/bin/env bash
# On the GPU machine: runs every test binary in .devbin/ (built by build-device-tests.sh),
# optionally the CUDA tests under compute-sanitizer, and prints a short table last.
set -uo pipefail
cd "$(dirname "$0")/.."
out="${OUT:-/tmp}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
table=()
for bin in .devbin/*; do
  name=$(basename "$bin")
  case "$name" in *_bench) continue ;; esac
  # ONLY="a b": run just these binaries.
  if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]]; then continue; fi
  start=$(date +%s)
  if [ "$name" = tokenpick ]; then
    "$bin" verify >"$out/current.log" 2>&1  # the CLI: the statistical suite on this GPU
  else
    "$bin" --test-threads=4 >"$out/current.log" 2>&1
  fi
  code=$?
  secs=$(( $(date +%s) - start ))
  summary=$(grep -E "^test result|checks pass on backend" "$out/current.log" | tail -1)
  skipped=$(grep -c "^skipped" "$out/current.log")
  { echo "=== $name (exit $code)"; cat "$out/current.log"; } >>"$out/tests.log"
  table+=("$(printf '%-28s exit %-3s %4ss skipped-lines %-3s %s' "$name" "$code" "$secs" "$skipped" "$summary")")
done
if [ "${SANITIZE:-0}" = 1 ] && command -v compute-sanitizer >/dev/null; then
  for tool in memcheck racecheck; do
    for target in ${SANITIZE_TARGETS:-"cuda_gumbel degenerate unaligned" "cuda_rejection degenerate deferred round_cap" "cuda_graph graph"}; do
      set -- $target
      bin=$1
      shift
      compute-sanitizer --tool "$tool" --error-exitcode 9 ".devbin/$bin" "$@" >"$out/current.log" 2>&1
      code=$?
      { echo "=== compute-sanitizer $tool $bin (exit $code)"; cat "$out/current.log"; } >>"$out/sanitizer.log"
      table+=("$(printf 'sanitizer %-9s %-15s exit %s  %s' "$tool" "$bin" "$code" "$(grep -E 'SUMMARY' "$out/current.log" | tail -1)")")
    done
  done
fi
rm -f "$out/current.log"
printf '%s\n' "${table[@]}"
