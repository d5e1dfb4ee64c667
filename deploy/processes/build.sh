#!/usr/bin/env bash
# Builds the release of this checkout into STATE_DIR/build (the server compiled, its start-up cache
# filled), beside the release running replicas use: `build` is a link switched atomically to an
# immutable version (STATE_DIR/.build/<hash of the sources>/), a running replica keeps reading its
# own version, and the versions of the three releases before stay. Replicas started afterwards
# (replica.sh start or restart) run the new one. An upgrade builds from a checkout of the new release
# beside the running one (the version links to that checkout's node_modules, fixtures and contracts:
# keep a checkout until no replica runs its release), e.g.
#
#   git clone --branch v1.1.0 https://…/hotel-booking-api /srv/sandbox/v1.1.0 && cd /srv/sandbox/v1.1.0 && npm ci
#   STATE_DIR=/srv/sandbox/state bash deploy/processes/build.sh
set -euo pipefail
# shellcheck source=common.sh
. "$(dirname "$0")/common.sh"
echo "building the server of $root into $state/build"
(cd "$root" && npx tsx scripts/build-server.ts --quiet --out "$state/build")
echo "release $(basename "$(readlink -f "$state/build")") built; replicas started from now on run it"
