#!/usr/bin/env bash
# Stops what deploy/processes/start.sh started: the proxy first (SIGUSR1: it stops taking connections
# and finishes those it has), then each replica (SIGTERM: in-flight requests finish, the store closes),
# waiting for each (bounded; a process still there after 15 s gets SIGKILL). STATE_DIR as for start.sh.
# To stop one replica and keep the proxy answering (a restore, an upgrade): replica.sh stop N.
set -uo pipefail
# shellcheck source=common.sh
. "$(dirname "$0")/common.sh"
stop_process haproxy USR1
stop_process replica1 TERM
stop_process replica2 TERM
