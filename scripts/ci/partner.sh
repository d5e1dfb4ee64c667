#!/usr/bin/env bash
# The partner's path, end to end, with only the two tarballs this repository builds: packs hotel-sandbox
# and hotel-conformance, copies examples/partner-client into a fresh directory, installs the tarballs and
# its devDependencies there (its API types come from hotel-sandbox/contract: nothing is generated), lets
# `hotel-conformance init-ci` write both CI recipes, then runs the recipes' steps from the installed
# package, as they do: start the sandbox, the client's tests, the conformance kit against it, stop.
# The reports land in artifacts/partner/ (ARTIFACTS_DIR overrides). Whatever happens, the sandbox is
# stopped and the directory removed.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${ARTIFACTS_DIR:-$root/artifacts/partner}
work=$(mktemp -d)
project="$work/partner-client"

steps=node_modules/hotel-conformance/ci/steps

cleanup() {
  if [ -d "$project/$steps" ]; then (cd "$project" && bash "$steps/stop-sandbox.sh") || true; fi
  if [ -d "$project/artifacts" ]; then mkdir -p "$out" && cp -r "$project/artifacts/." "$out/"; fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "== pack hotel-sandbox and hotel-conformance"
sandbox_tgz=$(cd "$root" && npx tsx scripts/pack-sandbox.ts --out "$work/dist" | tail -n 1)
kit_tgz=$(cd "$root" && npx tsx scripts/pack-conformance.ts --out "$work/dist" | tail -n 1)

echo "== the partner's project in $project"
mkdir -p "$project"
(cd "$root/examples/partner-client" && tar --exclude=node_modules --exclude=package-lock.json --exclude=artifacts -cf - .) | (cd "$project" && tar -xf -)
cd "$project"
# What `npm ci` does in a partner's CI, with the packages from their tarballs; the rest from npm's
# cache when the repository's `npm ci` filled it.
npm install --prefer-offline --no-audit --no-fund --no-save --no-package-lock "$sandbox_tgz" "$kit_tgz"
npx --no-install hotel-conformance init-ci github
npx --no-install hotel-conformance init-ci gitlab
cmp .github/workflows/hotel-api.yml "$root/examples/ci/github-actions.yml"
cmp .gitlab-ci.yml "$root/examples/ci/gitlab-ci.yml"

echo "== the recipes' steps"
bash node_modules/hotel-conformance/ci/steps/start-sandbox.sh
bash node_modules/hotel-conformance/ci/steps/client-tests.sh
bash node_modules/hotel-conformance/ci/steps/conformance.sh
bash node_modules/hotel-conformance/ci/steps/stop-sandbox.sh
echo "partner path passed; reports in $out"
