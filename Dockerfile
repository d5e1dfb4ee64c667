# The Hotel Booking API reference server and sandbox (hotel-sandbox) as a container image. (No
# `# syntax=` line: BuildKit's built-in frontend has RUN --mount, and an offline build cannot fetch another.)
#
#     docker build -t hotel-sandbox .
#     docker run -p 3000:3000 -v hotel-data:/data hotel-sandbox
#
# Every setting comes from the environment (docs/operating.md, "Settings"; `docker run IMAGE --help`).
# The embedded store lives on the /data volume; DATABASE_URL switches to PostgreSQL. docs/containers.md
# has compose with PostgreSQL and two replicas, and Testcontainers.

# Build: the project's own packing step, so the image holds exactly what `npm install hotel-sandbox`
# gives a partner (compiled JavaScript, its data, only its production dependencies), and whatever the
# build adds to the package ends up here too. Source maps, type declarations, Markdown and the test
# folders and files of the dependencies are left out (nothing reads them at run time); licence files
# stay. The label marks this stage's image, which podman (and Docker's classic builder) keep as an
# untagged image: `podman image prune --force --filter label=hotel-sandbox.stage=build` removes it.
FROM node:24-bookworm-slim AS build
LABEL hotel-sandbox.stage=build
WORKDIR /src
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN --mount=type=cache,target=/root/.npm npm run pack:sandbox -- --out /dist \
 && mkdir /app && cd /app && echo '{ "name": "hotel-sandbox-image", "private": true }' > package.json \
 && npm install --omit=dev --no-audit --no-fund --ignore-scripts --prefer-offline /dist/hotel-sandbox-*.tgz \
 && ln -s node_modules/.bin/hotel-sandbox /app/hotel-sandbox \
 && find /app/node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.md' \) \
      -not -iname 'licen[cs]e*' -not -iname 'notice*' -delete \
 && find /app/node_modules -regextype posix-extended -type d \
      -regex '.*/node_modules/(@[^/]+/)?[^/]+/((types/)?(test|tests|__tests__)|spec)' -prune -exec rm -rf {} + \
 && find /app/node_modules -type f \( -name '*.test.js' -o -name '*.spec.js' -o -name '*.test.mjs' -o -name '*.test.cjs' \) -delete \
 && /app/hotel-sandbox --help >/dev/null \
 && node -e "import('/app/node_modules/hotel-sandbox/server/cli/runServer.js')"

# Run: the Node runtime, the installed package and nothing else (no npm, no compiler, no sources).
FROM node:24-bookworm-slim
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack /usr/local/bin/npm /usr/local/bin/npx \
      /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-* \
 && useradd --system --user-group --uid 10001 --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin sandbox \
 && mkdir /data && chown sandbox:sandbox /data
COPY --from=build /app /app
# HOST 0.0.0.0: reachable through the published port (the server's own default is 127.0.0.1).
# NODE_OPTIONS: the young generation npm start gives the server (docs/operating.md, "Limits").
# SHUTDOWN_GRACE_SECONDS 8: in-flight requests finish and the store closes before `docker stop`'s
# SIGKILL at 10 s.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DB_FILE=/data/db.json \
    NODE_OPTIONS=--max-semi-space-size=32 \
    SHUTDOWN_GRACE_SECONDS=8
USER sandbox
VOLUME /data
EXPOSE 3000
# Ready = the store takes writes (/readyz); a replica that is not ready is unhealthy.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz', { signal: AbortSignal.timeout(2500) }).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
# node is PID 1 (the bin's shebang execs it): SIGTERM drains in-flight requests, closes the store, exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/app/hotel-sandbox"]
