#!/usr/bin/env bash
# CI for operating the hosted sandbox (called by .ci/run, after scripts/ci/deploy.sh): the run book's
# recipe for taking a replica out and putting it back, its shell blocks copied from docs/operating.md
# and run as written (HAProxy's runtime API through socat, deploy/processes/replica.sh, a release built
# beside the running one with build.sh) against the deployment you can copy under booking traffic
# (scripts/ci/replicaDrain.test.ts). The restore and jq recipes run in scripts/ci/deploy.test.ts.
# The other operator tests (migrate, rolling upgrade, backup and restore) are in `npm run test:e2e`.
# Under CI=true a missing tool fails the test.
set -euo pipefail
cd "$(dirname "$0")/../.."
need=()
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || need+=(haproxy)
[ -x /usr/bin/socat ] || need+=(socat)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${need[@]}"
fi
npx vitest run --project deploy scripts/ci/replicaDrain.test.ts
