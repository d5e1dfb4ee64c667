#!/usr/bin/env bash
# Two hotel-sandbox replicas on one PostgreSQL database behind HAProxy, as plain processes on one host,
# from a checkout of this repository (docs/containers.md, "A deployment you can copy"). The server is
# built once into STATE_DIR/build before any replica starts (build.sh), so replicas never rebuild under
# each other. Each replica and the proxy run in the background; their logs (appended to, never
# overwritten) and pids are in STATE_DIR, with the settings the replicas share (settings.env, no secret
# values), which replica.sh uses to start, stop or restart one replica later. Returns once the proxy
# answers /readyz 200 (bounded), or exits non-zero with the log of what failed.
#
#   DATABASE_URL_FILE=/run/secrets/database-url SANDBOX_ADMIN_TOKEN_FILE=/run/secrets/admin-token bash deploy/processes/start.sh
#
# Settings (environment; every server setting of docs/operating.md passes through to the replicas):
#   PROXY_PORT      8080        where clients connect (PROXY_HOST 0.0.0.0)
#   REPLICA_PORTS   3001 3002   the replicas, bound to 127.0.0.1 (only the proxy reaches them)
#   STATS_PORT      8404        HAProxy's stats page and /metrics, on 127.0.0.1
#   PUBLIC_URL      http://<hostname>:PROXY_PORT   what clients see (booking_url, image URLs)
#   STATE_DIR       ./deploy-state
#   HAPROXY         haproxy     the HAProxy binary (Debian: apt-get install haproxy)
# DATABASE_URL or DATABASE_URL_FILE (a file holding it), SANDBOX_ADMIN_TOKEN or SANDBOX_ADMIN_TOKEN_FILE:
# secrets from the environment or a file, never a flag.
# Stop with deploy/processes/stop.sh (SIGTERM: in-flight requests finish); one replica: replica.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=common.sh
. "$here/common.sh"
need_database
proxy_port=${PROXY_PORT:-8080}
read -r -a replica_ports <<<"${REPLICA_PORTS:-3001 3002}"
[ ${#replica_ports[@]} -eq 2 ] || { echo "REPLICA_PORTS must name two ports (deploy/haproxy/haproxy.cfg has two servers)" >&2; exit 2; }
export REPLICA_PORTS="${replica_ports[*]}"
export PUBLIC_URL=${PUBLIC_URL:-http://$(hostname -f 2>/dev/null || hostname):$proxy_port}
haproxy=${HAPROXY:-haproxy}
command -v "$haproxy" >/dev/null || { echo "$haproxy not found (apt-get install haproxy)" >&2; exit 2; }
for name in replica1 replica2 haproxy; do
  if running "$name"; then echo "$name is running (pid $(cat "$state/$name.pid")): stop.sh first, or replica.sh for one replica" >&2; exit 2; fi
done

fail() {
  echo "$1" >&2
  [ -f "${2:-}" ] && tail -n 20 "$2" >&2
  bash "$here/stop.sh" >/dev/null 2>&1 || true
  exit 1
}

bash "$here/build.sh"
save_settings
launch_replica 1
launch_replica 2
await_replica 1 || fail "replica1 did not start"
await_replica 2 || fail "replica2 did not start"

export PROXY_BIND=${PROXY_HOST:-0.0.0.0}:$proxy_port STATS_BIND=127.0.0.1:${STATS_PORT:-8404} STATS_SOCKET="$state/haproxy.sock" HAPROXY_DIR="$root/deploy/haproxy"
export REPLICA1=127.0.0.1:${replica_ports[0]} REPLICA2=127.0.0.1:${replica_ports[1]}
"$haproxy" -c -q -f "$root/deploy/haproxy/haproxy.cfg"
"$haproxy" -W -db -f "$root/deploy/haproxy/haproxy.cfg" >>"$state/haproxy.log" 2>&1 &
echo $! >"$state/haproxy.pid"
wait_ready "http://127.0.0.1:$proxy_port/readyz" "$state/haproxy.pid" "$state/haproxy.log" || fail "the proxy did not start"
echo "proxy ready on $PROXY_BIND (stats and metrics on $STATS_BIND); clients use $PUBLIC_URL"
