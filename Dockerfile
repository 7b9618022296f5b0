# syntax=docker/dockerfile:1
# Sluice gateway image. Build: `docker build -t sluice .`; run: README.md "Deployment".

# --- build: the whole workspace, so tsup can bundle the workspace packages into dist/ ---------------------
FROM node:20-bookworm-slim AS build
# The version pinned in package.json (packageManager); npm reaches where corepack may not.
RUN npm i -g pnpm@10.34.9
WORKDIR /src
# The lockfile alone decides what is fetched, so this layer stays cached until a dependency changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline
# tsup compiles the @sluice/* workspace packages (which export TypeScript source) into dist/cli.js;
# only the gateway's own dependencies (effect, pino, yaml, …) stay external.
RUN pnpm --filter @sluice/gateway run build
# Production dependencies only, as a flat folder. --legacy: pnpm 10 deploys without
# inject-workspace-packages only this way. dist/ is git-ignored, so pnpm's packing leaves it out: copy it.
RUN pnpm --filter @sluice/gateway deploy --prod --legacy /out \
 && rm -rf /out/dist && cp -r apps/gateway/dist /out/dist \
 && mkdir -p /out/etc && cp sluice.yaml /out/etc/sluice.yaml

# --- runtime: node, the bundle and its production dependencies; no pnpm, no sources' toolchain ------------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Owned by root and only readable by the process: the image runs with a read-only root filesystem too.
COPY --from=build /out/node_modules ./node_modules
COPY --from=build /out/package.json ./package.json
COPY --from=build /out/dist ./dist
# The demo config, so `docker run -p 8080:8080 sluice` answers at once; mount your own over it.
COPY --from=build /out/etc/sluice.yaml /etc/sluice/sluice.yaml
# The `node` user (uid 1000) of the official image: no root inside the container.
USER node
EXPOSE 8080
# The gateway drains on SIGTERM (open streams finish, for at most server.drain_timeout_ms) and exits 0.
STOPSIGNAL SIGTERM
# No curl in slim images; node's fetch asks /ready (503 while draining). Assumes the default port 8080.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node", "/app/dist/cli.js"]
# --host 0.0.0.0: the config's default 127.0.0.1 would be unreachable from outside the container.
CMD ["serve", "--config", "/etc/sluice/sluice.yaml", "--host", "0.0.0.0"]
