#!/usr/bin/env bash
# The conformance kit against the sandbox start-sandbox.sh started (or against HOTEL_API_URL with
# HOTEL_APIKEY and HOTEL_APIKEY2, e.g. your staging server, which has no control API): JUnit and an HTML
# report in artifacts/. Exits 1 when a check failed.
set -euo pipefail
state=${SANDBOX_STATE:-.sandbox}
out=${ARTIFACTS:-artifacts}
mkdir -p "$out"
if [ -n "${HOTEL_API_URL:-}" ]; then
  target=(--base-url "$HOTEL_API_URL" --apikey "${HOTEL_APIKEY:?HOTEL_APIKEY}" --apikey2 "${HOTEL_APIKEY2:?HOTEL_APIKEY2}" --control none)
else
  url=$(cat "$state/url")
  target=(--base-url "$url" --apikey demo-key-1 --apikey2 demo-key-2 --control "$url")
fi
npx --no-install hotel-conformance "${target[@]}" --junit "$out/conformance.xml" --report html --html "$out/conformance-report.html"
