#!/usr/bin/env bash
# The suite on a busy machine: `make test` RUNS times in a row (3) with BUSY busy-loop processes
# (2) running beside it, each taking a core whenever it can, as other work on a shared CI machine
# would. Stops at the first failed run; prints each run's time. The environment is make test's:
#   bash tests/busy.sh                                     # SQLite, as the README gives it
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test bash tests/busy.sh
#   PYTEST_ARGS="tests/game" RUNS=1 bash tests/busy.sh     # a part of the suite, once
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
busy=${BUSY:-2}

loops=()
stop_loops() {
  for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap stop_loops EXIT
for _ in $(seq "$busy"); do
  bash -c 'while :; do :; done' &
  loops+=("$!")
done
echo "==> $busy busy loops running: ${loops[*]}"

times=()
for run in $(seq "$runs"); do
  echo "==> run $run of $runs: make test ${PYTEST_ARGS:+(PYTEST_ARGS=$PYTEST_ARGS) }beside $busy busy loops"
  started=$SECONDS
  if ! make test PYTEST_ARGS="${PYTEST_ARGS:-}"; then
    echo "==> run $run of $runs FAILED after $((SECONDS - started)) s (load: $(cut -d' ' -f1-3 /proc/loadavg))"
    exit 1
  fi
  times+=("run $run: $((SECONDS - started)) s")
  echo "==> run $run of $runs passed in $((SECONDS - started)) s (load: $(cut -d' ' -f1-3 /proc/loadavg))"
done
echo "==> all $runs runs passed beside $busy busy loops: ${times[*]}"
