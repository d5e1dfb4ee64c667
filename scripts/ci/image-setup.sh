#!/usr/bin/env bash
# Podman from Debian's packages, set up as it runs on a CI machine as root (no Docker engine, no image
# registry): runc with cgroupfs, the vfs storage driver, no default ulimits. Then the base image the
# Dockerfile names, built locally under that same tag (scripts/ci/image-base.sh), since no registry is
# reachable; the Dockerfile partners use is never changed for the test. Idempotent: what is there stays.
#
#     bash scripts/ci/image-setup.sh        (as root; scripts/ci/image.sh and deploy.sh call it)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)

need=()
for tool in podman runc debootstrap; do command -v "$tool" >/dev/null || need+=("$tool"); done
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends podman runc debootstrap
fi

mkdir -p /etc/containers
if ! grep -qs 'runtime = "runc"' /etc/containers/containers.conf; then
  cat >/etc/containers/containers.conf <<'CONF'
# Written by scripts/ci/image-setup.sh: podman as root on a CI machine without systemd.
[containers]
default_ulimits = []

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
fi
if ! grep -qs 'driver = "vfs"' /etc/containers/storage.conf; then
  cat >/etc/containers/storage.conf <<'CONF'
# Written by scripts/ci/image-setup.sh: vfs needs no overlay support from the kernel or fuse.
[storage]
driver = "vfs"
runroot = "/run/containers/storage"
graphroot = "/var/lib/containers/storage"
CONF
fi

# The Dockerfile's base image, if no image of that name is here yet.
base=$(sed -n 's/^FROM \([^ ]*\) AS build$/\1/p' "$root/Dockerfile" | head -n 1)
if ! podman image exists "$base"; then bash "$root/scripts/ci/image-base.sh" "$base"; fi
podman version --format 'podman {{.Client.Version}}'
