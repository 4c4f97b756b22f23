#!/usr/bin/env bash
# Only if the eighteenth round's A/B shows the ex2.approx mass faster: the identity and
# statistical tests of branch fix-plan-and-ex2 (73dcd13: the signed-zero fix with fixed_mass
# by __expf), whose cuda_rejection (scripts/build-device-tests.sh) is in target/devrun6.
#   run(command="bash bench-results/2026-12-05-h200-eighteenth-round-ex2-tests.sh",
#       carry=["target/devrun6"], timeout_s=300)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrun6 TESTS="cuda_rejection" bash scripts/device-call.sh
