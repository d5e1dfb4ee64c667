#!/usr/bin/env bash
# The release's test of the very tarballs it publishes: hotel-sandbox and hotel-conformance from DIR
# installed into an empty project (production dependencies only), the sandbox started from its bin on
# a free port, the whole kit run against it with --control, then SIGTERM: the sandbox must exit 0.
# Also run by scripts/ci/image.sh in CI.
#
#     bash .github/release/smoke.sh DIR        (DIR holds hotel-sandbox-*.tgz and hotel-conformance-*.tgz)
set -euo pipefail
dist=$(cd "${1:?usage: smoke.sh DIR}" && pwd)
work=$(mktemp -d)
sandbox_pid=
cleanup() {
  if [ -n "$sandbox_pid" ]; then kill -KILL "$sandbox_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
cd "$work"
npm init -y >/dev/null
npm install --omit=dev --no-audit --no-fund --ignore-scripts "$dist"/hotel-sandbox-*.tgz "$dist"/hotel-conformance-*.tgz >/dev/null

./node_modules/.bin/hotel-sandbox --port 0 --db-file "$work/db.json" --log-level warn >"$work/sandbox.log" 2>&1 &
sandbox_pid=$!
url=
for _ in $(seq 1 240); do
  url=$(grep -o 'listening on http://[^ ]*' "$work/sandbox.log" | head -n 1 | cut -d' ' -f3 || true)
  [ -n "$url" ] && break
  kill -0 "$sandbox_pid" 2>/dev/null || { cat "$work/sandbox.log" >&2; exit 1; }
  sleep 0.25
done
[ -n "$url" ] || { echo "hotel-sandbox did not listen within 60 s" >&2; cat "$work/sandbox.log" >&2; exit 1; }
echo "hotel-sandbox $(node -p "require('./node_modules/hotel-sandbox/package.json').version") at $url"

# The kit's report on failure, its summary on success.
./node_modules/.bin/hotel-conformance --base-url "$url" --apikey demo-key-1 --apikey2 demo-key-2 --control "$url" --junit "$work/conformance.xml" >"$work/kit.log" 2>&1 \
  || { cat "$work/kit.log" >&2; echo "hotel-conformance failed against the packed hotel-sandbox" >&2; exit 1; }
grep -E '^[0-9]+ checks: ' "$work/kit.log" || tail -n 5 "$work/kit.log"

# Installed beside hotel-sandbox (whose ajv the kit's bundle can resolve), the kit's start-up cache of
# compiled schemas is written once, loads in node, and is read by the next run, which makes nothing again.
./node_modules/.bin/hotel-conformance --base-url "$url" --apikey demo-key-1 --control "$url" >"$work/kit2.log" 2>&1 \
  || { cat "$work/kit2.log" >&2; echo "the second hotel-conformance run failed" >&2; exit 1; }
if grep -q 'start-up cache' "$work/kit2.log"; then
  grep 'start-up cache' "$work/kit2.log" >&2; echo "the kit's start-up cache was made again beside hotel-sandbox" >&2; exit 1
fi
schemas=$(ls node_modules/hotel-conformance/cache/schemas-*.cjs 2>/dev/null || true)
[ -n "$schemas" ] || { echo "the kit saved no compiled schemas beside hotel-sandbox" >&2; exit 1; }
for file in $schemas; do node --check "$file" || { echo "the kit's start-up cache $file is not valid JavaScript" >&2; exit 1; }; done
echo "the kit's start-up cache beside hotel-sandbox: written once, valid, read again"

kill -TERM "$sandbox_pid"
code=0
wait "$sandbox_pid" || code=$?
sandbox_pid=
[ "$code" -eq 0 ] || { echo "hotel-sandbox exited $code on SIGTERM" >&2; cat "$work/sandbox.log" >&2; exit 1; }
echo "smoke test passed: both packages from $dist"
