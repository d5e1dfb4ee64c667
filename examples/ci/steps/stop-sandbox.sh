#!/usr/bin/env bash
# Stops the sandbox start-sandbox.sh started (SIGTERM: it finishes in-flight requests and removes its
# temporary store) and waits until it has exited. Does nothing when none runs.
set -euo pipefail
state=${SANDBOX_STATE:-.sandbox}
[ -f "$state/pid" ] || exit 0
pid=$(cat "$state/pid")
rm -f "$state/pid" "$state/url"
kill -TERM "$pid" 2>/dev/null || exit 0
for _ in $(seq 1 100); do
  kill -0 "$pid" 2>/dev/null || { echo "hotel-sandbox stopped"; exit 0; }
  sleep 0.1
done
echo "hotel-sandbox did not stop within 10 s; killing it" >&2
kill -KILL "$pid" 2>/dev/null || true
