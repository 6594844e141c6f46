# 港口官网后台 — one image for every process of a deployment (docs/deployment.md).
# build:  docker build -t gangkou-admin .
# run:    docker run -p 8080:8080 -v gk-data:/data gangkou-admin
# operations inside a container (what `npm run …` runs from the sources, bundled into dist/):
#   node apps/server/dist/backup.js --out /backups/manual.tar.gz
#   node apps/server/dist/restore.js /backups/manual.tar.gz           (into an empty /data or database)
#   node apps/server/dist/images-migrate.js [--to local]
#   node apps/server/dist/db-migrate-data.js --to postgres://…
# Node 22: package.json `engines`; .ci/run runs every suite on the same major (.ci/node22.sh)
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --workspace apps/server --workspace packages/contracts --include-workspace-root

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data WEB_DIR=/app/apps/web/dist \
    MALLOC_ARENA_MAX=1 MALLOC_MMAP_THRESHOLD_=33554432 MALLOC_TRIM_THRESHOLD_=33554432
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/contracts ./packages/contracts
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM finishes the requests in flight and exits 0 (docker stop)
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=25", "--no-allocation-site-pretenuring", "apps/server/dist/main.js"]
