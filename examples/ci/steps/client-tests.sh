#!/usr/bin/env bash
# Your client's own tests: `npm test`, or the command in HOTEL_CLIENT_TESTS (any runner: Vitest, Jest,
# node:test, Mocha, a Makefile target). The sandbox start-sandbox.sh started is at $HOTEL_SANDBOX_URL
# (tests may as well start their own with startSandbox()). JUnit XML your runner writes into artifacts/
# (ARTIFACTS) is kept by the recipes, next to the kit's reports.
set -euo pipefail
state=${SANDBOX_STATE:-.sandbox}
mkdir -p "${ARTIFACTS:-artifacts}"
if [ -f "$state/url" ]; then
  HOTEL_SANDBOX_URL=$(cat "$state/url")
  export HOTEL_SANDBOX_URL
fi
bash -c "${HOTEL_CLIENT_TESTS:-npm test}"
