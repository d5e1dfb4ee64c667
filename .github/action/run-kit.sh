#!/usr/bin/env bash
# The step of action.yml: runs hotel-conformance with the inputs (KIT_* variables), writes the
# outputs (GITHUB_OUTPUT) and the job summary (GITHUB_STEP_SUMMARY) from the JUnit report, then
# exits with the kit's code (0 when KIT_FAIL is false). Runs outside GitHub too, for tests: without
# GITHUB_OUTPUT or GITHUB_STEP_SUMMARY it writes to stdout.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
reports=${KIT_REPORTS:-conformance-reports}
mkdir -p "$reports"
junit="$reports/conformance.xml"
json="$reports/conformance.json"
html="$reports/conformance-report.html"

args=(--base-url "${KIT_BASE_URL:?base-url is required}" --apikey "${KIT_APIKEY:?apikey is required}")
[ -n "${KIT_APIKEY2:-}" ] && args+=(--apikey2 "$KIT_APIKEY2")
args+=(--profile "${KIT_PROFILE:-spec}" --control "${KIT_CONTROL:-none}" --junit "$junit" --json "$json" --report html --html "$html")
# shellcheck disable=SC2206 # extra flags are split on whitespace, as the input says
[ -n "${KIT_ARGS:-}" ] && args+=(${KIT_ARGS})

# The project's own hotel-conformance first (its devDependency, its version); else the package input.
if [ -x node_modules/.bin/hotel-conformance ]; then
  kit=(node_modules/.bin/hotel-conformance)
else
  kit=(npx --yes --package "${KIT_PACKAGE:-hotel-conformance}" -- hotel-conformance)
fi
echo "${kit[*]} against $KIT_BASE_URL (profile ${KIT_PROFILE:-spec}, control ${KIT_CONTROL:-none}); reports in $reports/"
"${kit[@]}" "${args[@]}"
code=$?

output=${GITHUB_OUTPUT:-/dev/stdout}
{
  echo "junit=$junit"
  echo "json=$json"
  echo "html=$html"
  echo "exit-code=$code"
} >>"$output"
node "$here/junit-summary.mjs" "$junit" "$code" "${GITHUB_STEP_SUMMARY:-/dev/stdout}" "$output" || echo "::warning::no job summary: the JUnit report could not be read"

if [ "$code" -ne 0 ] && [ "${KIT_FAIL:-true}" != false ]; then
  echo "::error::hotel-conformance exited $code (1: a check failed or was blocked; 2: usage error or the server did not answer)"
  exit "$code"
fi
exit 0
