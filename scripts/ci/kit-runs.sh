#!/usr/bin/env bash
# The kit as partners' CI recipes run it (`--control` against a sandbox), many times against ONE fresh
# sandbox, on whatever `node` is first on PATH: RUNS runs in a row (default 10), then PARALLEL runs
# started at once from this one address (default 3), as parallel pipelines behind one NAT do. Every
# run must exit 0; a failure names the run and its failed checks, and prints that run's output.
# Usage: scripts/ci/kit-runs.sh [RUNS] [PARALLEL]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-10}
parallel=${2:-3}
work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "== kit runs on node $(node -v): $runs in a row, then $parallel at once, against one fresh sandbox"
npm run build --silent >/dev/null
admin_token="kit-runs-admin-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
PORT=0 DB_FILE="$work/db.json" SANDBOX_ADMIN_TOKEN="$admin_token" node build/server/bin.js >"$work/server.log" 2>&1 &
server_pid=$!
url=
for _ in $(seq 1 300); do
  url=$(grep -oE 'listening on http://[^ ]+' "$work/server.log" | head -n 1 | cut -d' ' -f3 || true)
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log"; echo "the sandbox did not start"; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { cat "$work/server.log"; echo "the sandbox did not say where it listens within 30 s"; exit 1; }

# One run: NAME KEY [KEY2]; its output in $work/NAME.log, its JUnit in $work/NAME.xml.
kit() {
  local name=$1 key=$2 key2=${3:-}
  npx tsx conformance/bin.ts --base-url "$url" --control "$url" --apikey "$key" ${key2:+--apikey2 "$key2"} \
    --junit "$work/$name.xml" >"$work/$name.log" 2>&1
}
failed() {
  local name=$1
  echo "FAILED: kit $name against $url on node $(node -v); its failed checks:"
  grep -E '^\s*✗' "$work/$name.log" || true
  echo "--- the whole output of $name:"
  cat "$work/$name.log"
  exit 1
}

for i in $(seq 1 "$runs"); do
  kit "run-$i-of-$runs" demo-key-1 demo-key-2 || failed "run-$i-of-$runs"
  echo "run $i of $runs: $(grep -E '^[0-9]+ checks:' "$work/run-$i-of-$runs.log" | tail -n 1)"
done

# At once: each run on two accounts of its own, as separate pipelines of separate teams have (created
# through the admin control API, as an operator issues them).
new_key() {
  curl -sf -X POST "$url/_control/admin/accounts" -H "authorization: Bearer $admin_token" -H 'content-type: application/json' \
    -d '{"name":"Pipeline team '"$1"'","contact":"ci@team'"$1"'.example","first_name":"Pat","last_name":"Pipeline","email":"pat@team'"$1"'.example","phone":"+31 20 555 0199"}' |
    node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s).key))'
}
pids=()
for i in $(seq 1 "$parallel"); do
  first=$(new_key "$i-a") && second=$(new_key "$i-b") || { cat "$work/server.log"; echo "could not create the accounts of pipeline $i"; exit 1; }
  kit "at-once-$i-of-$parallel" "$first" "$second" & pids+=($!)
done
status=0
for i in $(seq 1 "$parallel"); do
  if wait "${pids[$((i - 1))]}"; then
    echo "at once $i of $parallel: $(grep -E '^[0-9]+ checks:' "$work/at-once-$i-of-$parallel.log" | tail -n 1)"
  else
    status=$i
  fi
done
[ "$status" = 0 ] || failed "at-once-$status-of-$parallel"
echo "== all $runs runs in a row and $parallel at once exited 0"
