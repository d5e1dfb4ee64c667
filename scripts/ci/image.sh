#!/usr/bin/env bash
# CI for the container image (called by .ci/run): podman and the Dockerfile's base image set up
# (scripts/ci/image-setup.sh), the image built from the Dockerfile as partners build it, then
#   - scripts/ci/image.test.ts: run with -p, /readyz, the kit with --control, SIGTERM under traffic,
#     restart on the same volume, size and start time printed;
#   - examples/testcontainers: GenericContainer with a wait on /readyz, against podman's Docker API;
#   - .github/release/smoke.sh: the release's test of both packed tarballs.
# Under CI=true a missing tool fails the tests (scripts/ci/podman.ts).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
bash scripts/ci/image-setup.sh

image=localhost/hotel-sandbox:ci
started=$(date +%s)
# --network host: rootful podman here has no bridge; --format docker keeps HEALTHCHECK (OCI drops it).
podman build --network host --format docker --tag "$image" . >/tmp/hotel-image-build.log 2>&1 \
  || { tail -n 40 /tmp/hotel-image-build.log >&2; exit 1; }
echo "built $image in $(( $(date +%s) - started )) s"
# The build stage's image, which podman keeps untagged (about 0.9 GB): the Dockerfile labels it.
podman image prune --force --filter label=hotel-sandbox.stage=build >/dev/null
left=$(podman images --quiet --filter dangling=true --filter label=hotel-sandbox.stage=build)
[ -z "$left" ] || { echo "the build stage's image is still there: $left" >&2; exit 1; }
export HOTEL_IMAGE=$image

# Podman's Docker API for Testcontainers, on a socket of this run only.
api=$(mktemp -d)
podman system service --time 0 "unix://$api/podman.sock" >"$api/service.log" 2>&1 &
service=$!
dist=$(mktemp -d)
trap 'kill "$service" 2>/dev/null || true; rm -rf "$api" "$dist"' EXIT
for _ in $(seq 1 100); do [ -S "$api/podman.sock" ] && break; sleep 0.1; done
[ -S "$api/podman.sock" ] || { cat "$api/service.log" >&2; exit 1; }

DOCKER_HOST="unix://$api/podman.sock" TESTCONTAINERS_RYUK_DISABLED=true \
  npx vitest run --project deploy scripts/ci/image.test.ts examples/testcontainers/sandbox.test.ts

npx tsx scripts/pack-sandbox.ts --out "$dist" >/dev/null
npx tsx scripts/pack-conformance.ts --out "$dist" >/dev/null
bash .github/release/smoke.sh "$dist"
