# One image, two roles: the API (default) and the worker (command: node workers/dist/main.js).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund \
 && node node_modules/typescript/bin/tsc -b tsconfig.json \
 && cd frontend && node ../node_modules/vite/bin/vite.js build \
 && node ../node_modules/vite/bin/vite.js build --ssr src/entry-server.tsx

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 3000
# the API's V8 flags: scripts/lib/node-flags.mjs
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "backend/dist/main.js"]
