#!/usr/bin/env bash
# Two hotel-sandbox replicas on one PostgreSQL database behind HAProxy, as plain processes on one host,
# from a checkout of this repository (docs/containers.md, "A deployment you can copy"). The server is
# built once into STATE_DIR/build before any replica starts, so replicas never rebuild under each other.
# Each replica and the proxy run in the background; their logs and pids are in STATE_DIR. Returns once
# the proxy answers /readyz 200 (bounded), or exits non-zero with the log of what failed.
#
#   DATABASE_URL=postgres://sandbox:…@db:5432/sandbox SANDBOX_ADMIN_TOKEN=… bash deploy/processes/start.sh
#
# Settings (environment; every server setting of docs/operating.md passes through to the replicas):
#   PROXY_PORT      8080        where clients connect (PROXY_HOST 0.0.0.0)
#   REPLICA_PORTS   3001 3002   the replicas, bound to 127.0.0.1 (only the proxy reaches them)
#   STATS_PORT      8404        HAProxy's stats page and /metrics, on 127.0.0.1
#   PUBLIC_URL      http://<hostname>:PROXY_PORT   what clients see (booking_url, image URLs)
#   STATE_DIR       ./deploy-state
#   HAPROXY         haproxy     the HAProxy binary (Debian: apt-get install haproxy)
# Stop with deploy/processes/stop.sh (SIGTERM: in-flight requests finish).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${DATABASE_URL:?DATABASE_URL must name the shared PostgreSQL database}"
state=$(mkdir -p "${STATE_DIR:-deploy-state}" && cd "${STATE_DIR:-deploy-state}" && pwd)
proxy_port=${PROXY_PORT:-8080}
read -r -a replica_ports <<<"${REPLICA_PORTS:-3001 3002}"
[ ${#replica_ports[@]} -eq 2 ] || { echo "REPLICA_PORTS must name two ports (deploy/haproxy/haproxy.cfg has two servers)" >&2; exit 2; }
export PUBLIC_URL=${PUBLIC_URL:-http://$(hostname -f 2>/dev/null || hostname):$proxy_port}
haproxy=${HAPROXY:-haproxy}
command -v "$haproxy" >/dev/null || { echo "$haproxy not found (apt-get install haproxy)" >&2; exit 2; }

fail() {
  echo "$1" >&2
  [ -f "$2" ] && tail -n 20 "$2" >&2
  bash "$here/stop.sh" >/dev/null 2>&1 || true
  exit 1
}

ready() { node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(2000) }).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))' "$1"; }

# Waits (at most 120 s) for URL to answer 200 while process PID lives.
wait_ready() {
  local url=$1 pid=$2 log=$3
  for _ in $(seq 1 240); do
    kill -0 "$pid" 2>/dev/null || fail "exited before it was ready: $log" "$log"
    ready "$url" && return 0
    sleep 0.5
  done
  fail "not ready after 120 s: $url" "$log"
}

echo "building the server into $state/build"
(cd "$root" && npx tsx scripts/build-server.ts --quiet --out "$state/build")

for index in 1 2; do
  port=${replica_ports[$((index - 1))]}
  log="$state/replica$index.log"
  # Replicas trust only the proxy on the same host for the client address (TRUST_PROXY=loopback).
  HOST=127.0.0.1 PORT=$port TRUST_PROXY=${TRUST_PROXY:-loopback} \
    node --max-semi-space-size=32 "$state/build/server/bin.js" >"$log" 2>&1 &
  echo $! >"$state/replica$index.pid"
done
for index in 1 2; do
  wait_ready "http://127.0.0.1:${replica_ports[$((index - 1))]}/readyz" "$(cat "$state/replica$index.pid")" "$state/replica$index.log"
  echo "replica$index ready on 127.0.0.1:${replica_ports[$((index - 1))]} (pid $(cat "$state/replica$index.pid"))"
done

export PROXY_BIND=${PROXY_HOST:-0.0.0.0}:$proxy_port STATS_BIND=127.0.0.1:${STATS_PORT:-8404} STATS_SOCKET="$state/haproxy.sock" HAPROXY_DIR="$root/deploy/haproxy"
export REPLICA1=127.0.0.1:${replica_ports[0]} REPLICA2=127.0.0.1:${replica_ports[1]}
"$haproxy" -c -q -f "$root/deploy/haproxy/haproxy.cfg"
"$haproxy" -W -db -f "$root/deploy/haproxy/haproxy.cfg" >"$state/haproxy.log" 2>&1 &
echo $! >"$state/haproxy.pid"
wait_ready "http://127.0.0.1:$proxy_port/readyz" "$(cat "$state/haproxy.pid")" "$state/haproxy.log"
echo "proxy ready on $PROXY_BIND (stats and metrics on $STATS_BIND); clients use $PUBLIC_URL"
