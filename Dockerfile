# syntax=docker/dockerfile:1
# One image, two processes (ARCHITECTURE.md, "Shape"):
#   web (default):  docker run -p 3000:3000 -e API_BASE_URL=http://api:4000 -e SESSION_SECRET=... volunteerly
#                   (scripts/web-server.ts: the BFF in front of Next's standalone server)
#   api:            docker run -p 4000:4000 -e DATABASE_URL=postgres://... volunteerly node --import tsx backend/server.ts
#                   (`npx tsx backend/server.ts` works too; `node --import tsx` is one process fewer)
# README.md, "Docker", has the full walk-through.

ARG NODE_IMAGE=node:20-bookworm-slim

# All dependencies: the build needs the dev tools (typescript, tailwind).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

# Runtime dependencies of the api (tsx is a production dependency: the api runs TypeScript).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund

# `next build` with output "standalone" (next.config.ts): .next/standalone holds server.js and
# the traced node_modules of the web.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# public/ may be absent from a clone (git keeps no empty folder); the runtime stage copies it.
RUN mkdir -p public && npx next build

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    API_HOST=0.0.0.0 \
    API_PORT=4000
# Files stay root-owned (read-only to the app); only the data and cache folders are writable.
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
# The api's full production node_modules over the web's traced subset (same lockfile, same files).
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY backend ./backend
COPY scripts/healthcheck.mjs scripts/web-server.ts scripts/server-only-hook.mjs ./scripts/
# npm run db:backup / db:restore (docs/operations.md), run in the stopped app's volume.
COPY scripts/db-backup.ts scripts/db-restore.ts ./scripts/
COPY scripts/db ./scripts/db
COPY scripts/start/wait.ts ./scripts/start/
# The web server puts the BFF (lib/bff, run through tsx) in front of Next's standalone server.
COPY lib ./lib
COPY messages ./messages
# .data: the embedded PGlite database when DATABASE_URL is not set (mount a volume there).
RUN mkdir -p .data .next/cache && chown node:node .data .next/cache
USER node
EXPOSE 3000 4000
# Healthy when this container's process answers: the web on PORT or the api on API_PORT.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "scripts/healthcheck.mjs"]
CMD ["node", "--import", "tsx", "scripts/web-server.ts", "."]
