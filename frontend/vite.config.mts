import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { callRoutes } from './build/call-routes.ts';
import { precompress } from './build/precompress.ts';
import { stylesFirst } from './build/styles-first.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

/**
 * The web app's server bundle: the pages the API process renders before any JavaScript ran
 * (src/entry-server.tsx), one CommonJS file the compiled API can require.
 */
const serverBuild = {
  outDir: 'dist-server',
  ssr: 'src/entry-server.tsx',
  emptyOutDir: true,
  copyPublicDir: false,
  sourcemap: true,
  rolldownOptions: { output: { format: 'cjs' as const, entryFileNames: '[name].cjs', codeSplitting: false } },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), callRoutes(path.resolve(here, '../contracts/src')), ...(isSsrBuild ? [] : [stylesFirst(), precompress()])],
  resolve: {
    // Contracts are consumed as TypeScript sources, so the client never runs a stale build. Code on the
    // first page imports zod-free modules by path (@sparkhouse/contracts/constants) and calls by route
    // (src/api/routes.ts), so zod stays out of the initial bundle.
    alias: [
      { find: /^@sparkhouse\/contracts\/(.+)$/, replacement: path.resolve(here, '../contracts/src/$1.ts') },
      { find: /^@sparkhouse\/contracts$/, replacement: path.resolve(here, '../contracts/src/index.ts') },
    ],
  },
  // The server bundle (`vite build --ssr`, see serverBuild) carries its libraries: the API process needs nothing else.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? serverBuild
    : {
        outDir: 'dist',
        sourcemap: true,
        // dist/.vite/manifest.json: the API inlines a server-rendered page's own stylesheets (ServerRendering)
        manifest: true,
        rolldownOptions: {
          output: {
            // The libraries every page needs travel as one chunk: one request, and one gzip window
            // instead of many small files each paying its own overhead.
            codeSplitting: {
              groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ }],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  // `vite preview` reuses server.proxy, so the built app talks to the same backend.
}));
