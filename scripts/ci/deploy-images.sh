#!/usr/bin/env bash
# The images deploy/compose.yaml names, for a CI machine without an image registry: the stand-ins of
# scripts/ci/deploy-standins/ under the official tags compose names (built from a local Debian base,
# scripts/ci/image-base.sh), and the sandbox image from the Dockerfile under compose's own tag. What
# is there already stays. Run after scripts/ci/image-setup.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
podman image exists docker.io/library/debian:bookworm-slim || bash scripts/ci/image-base.sh debian:bookworm-slim
for standin in postgres haproxy; do
  tag=$(sed -n "s|^    image: \\($standin:[^ ]*\\)$|\\1|p" deploy/compose.yaml)
  [ -n "$tag" ] || { echo "deploy/compose.yaml names no $standin image" >&2; exit 1; }
  if ! podman image exists "docker.io/library/$tag"; then
    podman build --network host --tag "docker.io/library/$tag" "scripts/ci/deploy-standins/$standin" >/tmp/hotel-standin-$standin.log 2>&1 \
      || { tail -n 30 "/tmp/hotel-standin-$standin.log" >&2; exit 1; }
    echo "built the stand-in docker.io/library/$tag"
  fi
done
# The replicas' image: the one scripts/ci/image.sh built from the Dockerfile, under compose's tag, or
# built here as compose's `build:` would.
sandbox=$(sed -n 's|^  image: \(hotel-sandbox:[^ ]*\)$|\1|p' deploy/compose.yaml)
if podman image exists localhost/hotel-sandbox:ci; then
  podman tag localhost/hotel-sandbox:ci "localhost/$sandbox"
else
  podman build --network host --format docker --tag "localhost/$sandbox" . >/tmp/hotel-image-build.log 2>&1 \
    || { tail -n 40 /tmp/hotel-image-build.log >&2; exit 1; }
fi
echo "images for deploy/compose.yaml: $(podman images --format '{{.Repository}}:{{.Tag}}' | grep -E 'postgres|haproxy|hotel-sandbox' | tr '\n' ' ')"
