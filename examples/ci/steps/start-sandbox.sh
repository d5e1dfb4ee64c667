#!/usr/bin/env bash
# Starts the installed hotel-sandbox in the background (a free port unless SANDBOX_PORT names one, its
# store in a temporary directory), waits until its /readyz answers 200, and leaves its URL and pid in
# .sandbox/ for the next steps. Run from the project that has hotel-sandbox in its devDependencies.
set -euo pipefail
state=${SANDBOX_STATE:-.sandbox}
mkdir -p "$state"
# The package's own bin, not `npx`: $! is then the server itself, which stop-sandbox.sh signals.
./node_modules/.bin/hotel-sandbox --port "${SANDBOX_PORT:-0}" --log-level warn >"$state/log" 2>&1 &
echo $! >"$state/pid"
for _ in $(seq 1 120); do
  if ! kill -0 "$(cat "$state/pid")" 2>/dev/null; then
    echo "hotel-sandbox exited before it was ready:" >&2
    cat "$state/log" >&2
    exit 1
  fi
  url=$(grep -o 'listening on http://[^ ]*' "$state/log" | head -n 1 | cut -d' ' -f3 || true)
  if [ -n "$url" ] && node -e 'fetch(process.argv[1] + "/readyz").then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))' "$url"; then
    echo "$url" >"$state/url"
    echo "hotel-sandbox ready at $url"
    exit 0
  fi
  sleep 0.5
done
echo "hotel-sandbox not ready after 60 s:" >&2
cat "$state/log" >&2
exit 1
