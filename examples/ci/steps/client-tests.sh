#!/usr/bin/env bash
# The client's own tests (`npm test`: typecheck, then Vitest against startSandbox()), with a JUnit
# report beside the console output.
set -euo pipefail
mkdir -p "${ARTIFACTS:-artifacts}"
npm test -- --reporter=default --reporter=junit --outputFile.junit="${ARTIFACTS:-artifacts}/client-tests.xml"
