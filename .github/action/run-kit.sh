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
output=${GITHUB_OUTPUT:-/dev/stdout}
summary=${GITHUB_STEP_SUMMARY:-/dev/stdout}
# A reused folder's reports are an earlier run's: gone before this run, so they never pass for its own.
rm -f "$junit" "$json" "$html"

# Nothing to run: one line and one summary saying what to do, exit 2 (whatever fail-on-failure says).
cannot_run() {
  echo "::error::$1"
  printf '### ⚠️ Hotel Booking API conformance did not run\n\n%s\n' "$1" >>"$summary"
  echo "exit-code=2" >>"$output"
  exit 2
}

args=(--base-url "${KIT_BASE_URL:?base-url is required}" --apikey "${KIT_APIKEY:?apikey is required}")
[ -n "${KIT_APIKEY2:-}" ] && args+=(--apikey2 "$KIT_APIKEY2")
args+=(--profile "${KIT_PROFILE:-spec}" --control "${KIT_CONTROL:-none}" --junit "$junit" --json "$json" --report html --html "$html")
# Further flags, split as a shell splits words (quotes group), but never globbed or expanded:
# --only limits.* reaches the kit as written.
if [ -n "${KIT_ARGS:-}" ]; then
  words=$(mktemp)
  printf '%s' "$KIT_ARGS" | xargs -r printf '%s\0' >"$words" 2>/dev/null || cannot_run "The args input has an unmatched quote: $KIT_ARGS"
  mapfile -d '' extra <"$words"
  rm -f "$words"
  args+=("${extra[@]}")
fi

# The project's own hotel-conformance first (its devDependency, its version); else what the package
# input names, fetched by npx only when asked (never a registry name by default: an unclaimed name
# would run whatever someone publishes under it).
if [ -x node_modules/.bin/hotel-conformance ]; then
  kit=(node_modules/.bin/hotel-conformance)
elif [ -n "${KIT_PACKAGE:-}" ]; then
  kit=(npx --yes --package "$KIT_PACKAGE" -- hotel-conformance)
else
  cannot_run "hotel-conformance is not installed in $(pwd): add it to the project (npm install --save-dev ./hotel-conformance-1.0.0.tgz, its release tarball, before the action runs), or set the action's package input to that tarball's path or URL. Nothing ran."
fi
echo "${kit[*]} against $KIT_BASE_URL (profile ${KIT_PROFILE:-spec}, control ${KIT_CONTROL:-none}); reports in $reports/"
"${kit[@]}" "${args[@]}"
code=$?

# The kit writes its JUnit report whenever it ran its checks (exit 0 or 1, or a partial one when
# stopped); exit 2 (a usage error, a server that did not answer) writes none. No report and any
# other code: the kit itself did not start (npx could not fetch the package, a broken install).
if [ ! -f "$junit" ] && [ "$code" -ne 2 ]; then
  cannot_run "hotel-conformance did not start (${kit[*]} exited $code and wrote no report; see the lines above). Nothing ran."
fi
{
  echo "junit=$junit"
  echo "json=$json"
  echo "html=$html"
  echo "exit-code=$code"
} >>"$output"
node "$here/junit-summary.mjs" "$junit" "$code" "$summary" "$output" || echo "::warning::no job summary: the JUnit report could not be read"

if [ "$code" -ne 0 ] && [ "${KIT_FAIL:-true}" != false ]; then
  echo "::error::hotel-conformance exited $code (1: a check failed or was blocked; 2: usage error or the server did not answer)"
  exit "$code"
fi
exit 0
