#!/usr/bin/env bash
# The suites that stand for what partners run, on whatever `node` is first on PATH (CI: Node 24, then 22):
# the packed kit and sandbox installed into an empty directory, the embedding API, the reference server's API end to end, and the
# whole conformance catalogue against it.
set -euo pipefail
cd "$(dirname "$0")/../.."
echo "node $(node -v) for the packaging and end-to-end suites"
npx vitest run conformance/pack.test.ts scripts/pack-sandbox.test.ts server/sandbox.test.ts conformance/reference.test.ts conformance/cli.test.ts \
  server/http/api/search.test.ts server/http/api/hotel.test.ts server/http/api/bookings.test.ts server/http/transport/transport.test.ts \
  server/http/transport/requestValidation.test.ts server/http/api/fuzz.test.ts
bash scripts/ci/partner.sh
