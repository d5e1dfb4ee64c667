#!/usr/bin/env bash
# CI for the deployment you can copy (called by .ci/run): HAProxy from Debian's packages, then
# scripts/ci/deploy.test.ts (PostgreSQL, two replicas and HAProxy as plain processes: the kit through
# the proxy, a replica killed and the database stopped under traffic, every acknowledged booking kept)
# and scripts/ci/compose.test.ts is in npm test. Under CI=true a missing tool fails the test.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v haproxy >/dev/null && [ ! -x /usr/sbin/haproxy ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends haproxy
fi
npx vitest run --project deploy scripts/ci/deploy.test.ts
