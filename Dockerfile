# Block Arcade: the web app and the HTTP game service in one image.
# Untested here (no Docker engine on the build machines); see docs/games/match3.md. compose.yaml
# runs two of these on one PostgreSQL. Node 24, the supported LTS (docs/service.md "Node versions");
# the code also runs on Node 20.19+, and `npm run test:node24` runs the suite under Node 24.
# Settings: docs/service.md "Settings" and .env.example (`docker run --env-file .env`).

# --- build: install everything, compile TypeScript, bundle the web app, drop dev dependencies ---
# Built on Node 24.18.1 on purpose: better-sqlite3 12 compiled against Node 24.19+ headers aborts
# when a statement is collected after its environment is gone (nodejs/node#65446); compiled against
# 24.18 headers it runs on every 24.x, so the runtime below stays on the newest 24 (same ABI, 137).
FROM node:24.18.1-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY . .
# `npm ci` runs the root `prepare` script (tsc -b); the web bundle is built separately. The prune
# keeps every workspace's dependencies: better-sqlite3 and pg (DATABASE_URL) stay in the image.
# better-sqlite3 is compiled here from source (this Node's headers), never a downloaded prebuild.
# Source maps (written for the tests) never reach the image: the server refuses them anyway.
RUN npm ci \
 && npm rebuild better-sqlite3 --build-from-source \
 && npm run build -w @blockarcade/web \
 && find apps/web/dist -name '*.map' -delete \
 && npm prune --omit=dev

# --- runtime: only what the server needs, as the unprivileged `node` user ---
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/engine/package.json ./packages/engine/package.json
COPY --from=build /app/packages/engine/dist ./packages/engine/dist
# The typed client: the terminal game's server calls (the server takes only its types).
COPY --from=build /app/packages/client/package.json ./packages/client/package.json
COPY --from=build /app/packages/client/dist ./packages/client/dist
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/cli/package.json ./apps/cli/package.json
COPY --from=build /app/apps/cli/bin ./apps/cli/bin
COPY --from=build /app/apps/cli/dist ./apps/cli/dist
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Metrics (METRICS_PORT, off by default) listen on METRICS_HOST, 127.0.0.1 unless set: publish them
# with METRICS_HOST=0.0.0.0 and -p 127.0.0.1:9464:9464, never on the public network.
# Liveness (/api/health: the process answers, no database query): a database outage must not mark
# every container unhealthy, since restarting them cannot bring it back. Readiness is /api/ready.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/src/server.js"]
