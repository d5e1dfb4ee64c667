#!/usr/bin/env bash
# The partner's path, end to end, with only the two tarballs this repository builds: packs hotel-sandbox
# and hotel-conformance, copies examples/partner-client (with examples/ci/steps as its ci/steps) into a
# fresh directory, installs the tarballs and its devDependencies there, generates its API types from the
# openapi.yaml that ships in hotel-sandbox, then runs the same steps as the CI recipes in
# examples/ci/: start the sandbox, the client's tests, the conformance kit against the sandbox, stop.
# The reports land in artifacts/partner/ (ARTIFACTS_DIR overrides). Whatever happens, the sandbox is
# stopped and the directory removed.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${ARTIFACTS_DIR:-$root/artifacts/partner}
work=$(mktemp -d)
project="$work/partner-client"

cleanup() {
  if [ -d "$project" ]; then (cd "$project" && bash ci/steps/stop-sandbox.sh) || true; fi
  if [ -d "$project/artifacts" ]; then mkdir -p "$out" && cp -r "$project/artifacts/." "$out/"; fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "== pack hotel-sandbox and hotel-conformance"
sandbox_tgz=$(cd "$root" && npx tsx scripts/pack-sandbox.ts --out "$work/dist" | tail -n 1)
kit_tgz=$(cd "$root" && npx tsx scripts/pack-conformance.ts --out "$work/dist" | tail -n 1)

echo "== the partner's project in $project"
mkdir -p "$project/ci"
(cd "$root/examples/partner-client" && tar --exclude=node_modules --exclude=package-lock.json --exclude=src/hotel-api.d.ts -cf - .) | (cd "$project" && tar -xf -)
cp -r "$root/examples/ci/steps" "$project/ci/steps"
cd "$project"
# What `npm ci` does in a partner's CI, with the packages from their tarballs; the rest from npm's
# cache when the repository's `npm ci` filled it.
npm install --prefer-offline --no-audit --no-fund --no-save --no-package-lock "$sandbox_tgz" "$kit_tgz"
npm run gen

echo "== the recipe's steps"
bash ci/steps/start-sandbox.sh
bash ci/steps/client-tests.sh
bash ci/steps/conformance.sh
bash ci/steps/stop-sandbox.sh
echo "partner path passed; reports in $out"
