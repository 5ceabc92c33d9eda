# syntax=docker/dockerfile:1
# Signalboard on Bun: build the SPA with every dependency, run with production dependencies only, as a non-root
# user, the embedded database on the /data volume (docs/decisions/029-container.md). The web's packages (React,
# Mantine, TanStack, charts) are devDependencies: bundled into dist/ here, never installed in the image.
# The Bun version is package.json's packageManager (scripts/container.test.ts checks they agree). The base images are
# build arguments, so a build can pin them by digest without editing this file (the README's Deploy section):
#   docker build --build-arg BUN_IMAGE=oven/bun:1.4.5@sha256:... --build-arg BUN_SLIM_IMAGE=oven/bun:1.4.5-slim@sha256:... .
ARG BUN_IMAGE=oven/bun:1.4.5
ARG BUN_SLIM_IMAGE=oven/bun:1.4.5-slim

FROM ${BUN_IMAGE} AS build
WORKDIR /app
COPY package.json bun.lock bunfig.toml ./
RUN bun install --frozen-lockfile
COPY tsconfig.json tsr.config.json ./
COPY api ./api
COPY db ./db
COPY docs/model-card.json ./docs/model-card.json
COPY web ./web
COPY scripts ./scripts
RUN bun scripts/build.ts

FROM ${BUN_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json bun.lock bunfig.toml ./
RUN bun install --frozen-lockfile --production

FROM ${BUN_SLIM_IMAGE} AS run
WORKDIR /app
# A container is a deployment, however it is run (docker run, Kubernetes, Fly): no account with the README's
# published password, and no outbox where an admin reads reset codes (docs/decisions/100-outbox-only-with-demo-
# accounts.md). Without SMTP_URL a password reset answers 503 and an operator runs `bun scripts/admin.ts`.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_URL=file:/data/app.db \
    DEMO_ACCOUNTS=false \
    MAIL_OUTBOX=false
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY package.json bunfig.toml tsconfig.json ./
COPY api ./api
COPY db ./db
COPY docs/model-card.json ./docs/model-card.json
COPY data/market ./data/market
# The operator scripts (admin, seed, backup, migrate, generate-recommendations, check-alerts) run in the container:
# docker compose exec app bun scripts/admin.ts create-admin you@example.org
COPY scripts ./scripts
COPY --from=build /app/dist ./dist
# The database and the generated secret live on the volume, owned by the unprivileged user the server runs as.
RUN mkdir -p /data && chown bun:bun /data
USER bun
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (no database): the slim image has no curl, so Bun asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["bun", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["bun", "api/server.ts"]
