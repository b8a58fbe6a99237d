# Lendo in one image: the compiled API serving the built web app. Build: docker build -t lendo .
# Run with compose.yaml (API, PostgreSQL, Redis), or alone on the embedded PostgreSQL:
#   docker run -p 3000:3000 -v lendo-data:/data lendo
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
  && npm run build \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# Speech (espeak-ng) and the dictionary's sources (WordNet, FreeDict), read when the store is built.
RUN apt-get update \
  && apt-get install -y --no-install-recommends espeak-ng wordnet-base \
    dict-freedict-eng-por dict-freedict-por-eng dict-freedict-eng-spa dict-freedict-spa-eng \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data && chown node:node /data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
ENV NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0 PORT=3000
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/ready').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=50", "--no-allocation-site-pretenuring", "apps/api/dist/server.js"]
