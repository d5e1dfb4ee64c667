#!/usr/bin/env bash
# CI for the deployment you can copy (called by .ci/run): HAProxy, podman-compose and the CNI dnsname
# plugin (service names between containers) from Debian's packages, podman set up as for the image
# (scripts/ci/image-setup.sh), the images deploy/compose.yaml names (scripts/ci/deploy-images.sh),
# then the deploy project's tests:
#   - scripts/ci/deploy.test.ts: PostgreSQL (the replicas' role as docs/operating.md creates it), two
#     replicas and HAProxy as plain processes (deploy/processes): the kit through the proxy; the run
#     book's jq command on the replicas' logs; kill -9 of a replica, a database crash under traffic and
#     the dead replica started again with replica.sh, every acknowledged booking kept; the run book's
#     restore recipe as written, the proxy answering JSON 503s meanwhile;
#   - scripts/ci/deploy-compose.test.ts: deploy/compose.yaml unchanged under podman-compose: the kit
#     through the proxy, a replica and the database stopped under traffic.
# Under CI=true a missing tool fails the tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
need=()
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || need+=(haproxy)
command -v podman-compose >/dev/null || need+=(podman-compose)
command -v jq >/dev/null || need+=(jq)
[ -x /usr/lib/cni/dnsname ] || need+=(golang-github-containernetworking-plugin-dnsname)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${need[@]}"
fi
bash scripts/ci/image-setup.sh
bash scripts/ci/deploy-images.sh
npx vitest run --project deploy scripts/ci/deploy.test.ts scripts/ci/deploy-compose.test.ts
