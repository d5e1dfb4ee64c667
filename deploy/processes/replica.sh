#!/usr/bin/env bash
# Starts, stops or restarts one replica of the deployment start.sh made, leaving the other replica
# and HAProxy running (a replica that died, a replica taken out, an upgrade one replica at a time):
#
#   bash deploy/processes/replica.sh start|stop|restart 1|2
#
# start: the release deploy/processes/build.sh built last (STATE_DIR/build), on its port, with the
# settings start.sh recorded (STATE_DIR/settings.env; what the environment sets wins); returns once
# its /readyz answers 200, or exits 1 with the end of its log (the process stopped). Secrets given to
# start.sh as values (DATABASE_URL, SANDBOX_ADMIN_TOKEN) must be in the environment again (or their
# _FILE). stop: SIGTERM, in-flight requests finish (SIGKILL after 15 s). HAProxy takes a stopped
# replica out within 2 s, re-sends requests it refused to the other one, and puts it back after two
# good checks of its /readyz. Its log, STATE_DIR/replicaN.log, is appended to, never overwritten.
set -euo pipefail
usage() { echo "usage: bash deploy/processes/replica.sh start|stop|restart 1|2" >&2; exit 2; }
[ $# -eq 2 ] || usage
action=$1 index=$2
case "$index" in 1 | 2) ;; *) usage ;; esac
# shellcheck source=common.sh
. "$(dirname "$0")/common.sh"
name=replica$index

start() {
  if running "$name"; then echo "$name is running (pid $(cat "$state/$name.pid")); use restart" >&2; exit 1; fi
  load_settings
  need_database
  launch_replica "$index"
  await_replica "$index" || { stop_process "$name" KILL >/dev/null; exit 1; }
}

case "$action" in
  start) start ;;
  stop) running "$name" || echo "$name is not running"; stop_process "$name" TERM ;;
  restart) stop_process "$name" TERM; start ;;
  *) usage ;;
esac
