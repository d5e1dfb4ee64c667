#!/usr/bin/env bash
# Stops what deploy/processes/start.sh started: the proxy first (SIGUSR1: it stops taking connections
# and finishes those it has), then each replica (SIGTERM: in-flight requests finish, the store closes),
# waiting for each (bounded; a process still there after 15 s gets SIGKILL). STATE_DIR as for start.sh.
set -uo pipefail
state=${STATE_DIR:-deploy-state}
stop() {
  local name=$1 signal=$2 pidfile="$state/$1.pid"
  [ -f "$pidfile" ] || return 0
  local pid
  pid=$(cat "$pidfile")
  rm -f "$pidfile"
  kill "-$signal" "$pid" 2>/dev/null || return 0
  for _ in $(seq 1 150); do
    kill -0 "$pid" 2>/dev/null || { echo "$name stopped"; return 0; }
    sleep 0.1
  done
  echo "$name did not stop within 15 s; killing it" >&2
  kill -KILL "$pid" 2>/dev/null || true
}
stop haproxy USR1
stop replica1 TERM
stop replica2 TERM
