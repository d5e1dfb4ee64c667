# Sourced by start.sh, build.sh, replica.sh and stop.sh: where the deployment keeps its state, the
# settings every replica shares, and starting, waiting for and stopping one process (bounded).
# shellcheck shell=bash
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
state=$(mkdir -p "${STATE_DIR:-deploy-state}" && cd "${STATE_DIR:-deploy-state}" && pwd)
settings_file="$state/settings.env"

# The server settings (docs/operating.md, "Settings") a replica started alone must share with the
# others: start.sh records those it was given, and replica.sh starts with them, so a restarted
# replica cannot come back with the demo accounts on or another PUBLIC_URL. HOST and PORT are per
# replica. Secrets are never written: their _FILE path is, and a secret given as a value must be
# given again (replica.sh refuses to start without it). scripts/ci/deploySettings.test.ts keeps this list
# equal to the server's own (server/cli/serverOptions.ts).
SHARED_SETTINGS=(PUBLIC_URL DB_FILE DATABASE_URL_FILE DATABASE_POOL_SIZE RATE_LIMIT_PER_MINUTE RATE_LIMIT_PER_DAY
  ADDRESS_CEILING_PER_MINUTE BOOKINGS_PER_ACCOUNT TRUST_PROXY DEMO_ACCOUNTS CONTROL_API VALIDATE_RESPONSES
  CORS_ORIGINS LOG_LEVEL SANDBOX_ADMIN_TOKEN_FILE SHUTDOWN_GRACE_SECONDS SUPPORT_EMAIL SLOW_MS REPLICA_PORTS)
SECRETS=(DATABASE_URL SANDBOX_ADMIN_TOKEN)

# The shared PostgreSQL database, from a value or a file (read by the replicas themselves).
need_database() {
  if [ -n "${DATABASE_URL:-}" ] && [ -n "${DATABASE_URL_FILE:-}" ]; then echo "set DATABASE_URL or DATABASE_URL_FILE, not both" >&2; exit 2; fi
  if [ -n "${DATABASE_URL_FILE:-}" ]; then
    [ -r "$DATABASE_URL_FILE" ] || { echo "DATABASE_URL_FILE: cannot read $DATABASE_URL_FILE" >&2; exit 2; }
  elif [ -z "${DATABASE_URL:-}" ]; then
    echo "DATABASE_URL or DATABASE_URL_FILE must name the shared PostgreSQL database" >&2; exit 2
  fi
}

# Writes the settings this environment gives (mode 600; no secret values, only which were given).
save_settings() {
  local name given=()
  (umask 077 && {
    for name in "${SHARED_SETTINGS[@]}"; do [ -n "${!name:-}" ] && printf '%s=%q\n' "$name" "${!name}"; done
    for name in "${SECRETS[@]}"; do [ -n "${!name:-}" ] || [ -n "$(eval "echo \${${name}_FILE:-}")" ] && given+=("$name"); done
    printf 'SECRETS_GIVEN=%q\n' "${given[*]}"
  } >"$settings_file")
}

# Exports the recorded settings the environment does not set itself (the environment wins: a
# restore points DATABASE_URL_FILE at the new database), then checks every secret start.sh was given.
load_settings() {
  [ -f "$settings_file" ] || { echo "no $settings_file: start the deployment with deploy/processes/start.sh first" >&2; exit 2; }
  local name value line secret
  while IFS= read -r line; do
    name=${line%%=*}
    [ -n "${!name:-}" ] && continue
    eval "value=${line#*=}"
    export "$name=$value"
  done <"$settings_file"
  for secret in $SECRETS_GIVEN; do
    if [ -z "${!secret:-}" ] && [ -z "$(eval "echo \${${secret}_FILE:-}")" ]; then
      echo "$secret (or ${secret}_FILE) must be set: the other replicas run with it (start.sh was given it)" >&2; exit 2
    fi
  done
}

replica_port() {
  local ports
  read -r -a ports <<<"${REPLICA_PORTS:-3001 3002}"
  echo "${ports[$(($1 - 1))]}"
}

running() { [ -f "$state/$1.pid" ] && kill -0 "$(cat "$state/$1.pid")" 2>/dev/null; }

ready() { node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(2000) }).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))' "$1"; }

# Waits (at most 120 s) for URL to answer 200 while the process of PIDFILE lives; 1 with the end of LOG if not.
wait_ready() {
  local url=$1 pid log=$3
  pid=$(cat "$2")
  for _ in $(seq 1 240); do
    if ! kill -0 "$pid" 2>/dev/null; then echo "exited before it was ready (log: $log):" >&2; tail -n 20 "$log" >&2; return 1; fi
    ready "$url" && return 0
    sleep 0.5
  done
  echo "not ready after 120 s: $url (log: $log):" >&2
  tail -n 20 "$log" >&2
  return 1
}

# Starts replica INDEX in the background from the release `build` points at now; its log is appended to.
launch_replica() {
  local index=$1 port log
  port=$(replica_port "$index")
  log="$state/replica$index.log"
  [ -e "$state/build/server/bin.js" ] || { echo "no release in $state/build: run deploy/processes/build.sh" >&2; return 1; }
  echo "{\"msg\":\"deploy/processes: replica$index starting on 127.0.0.1:$port, release $(basename "$(readlink -f "$state/build")")\"}" >>"$log"
  # Replicas trust only the proxy on the same host for the client address (TRUST_PROXY=loopback).
  HOST=127.0.0.1 PORT=$port TRUST_PROXY=${TRUST_PROXY:-loopback} \
    node --max-semi-space-size=32 "$state/build/server/bin.js" >>"$log" 2>&1 &
  echo $! >"$state/replica$index.pid"
}

await_replica() {
  local index=$1 port
  port=$(replica_port "$index")
  wait_ready "http://127.0.0.1:$port/readyz" "$state/replica$index.pid" "$state/replica$index.log" || return 1
  echo "replica$index ready on 127.0.0.1:$port (pid $(cat "$state/replica$index.pid"), release $(basename "$(readlink -f "$state/build")"))"
}

# Sends SIGNAL to NAME's process and waits for it to end (SIGKILL after 15 s).
stop_process() {
  local name=$1 signal=$2 pidfile="$state/$1.pid" pid
  [ -f "$pidfile" ] || return 0
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
