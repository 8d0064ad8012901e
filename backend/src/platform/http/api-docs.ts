import path from 'node:path';
import express, { type Router } from 'express';
import { buildOpenApiDocument } from './openapi';

export const API_DOCS_PATH = '/api/docs';

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const ASSETS = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
];

const page = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Sparkhouse API</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
    <link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/swagger-ui-standalone-preset.js"></script>
    <script src="${API_DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

// a file of its own, not an inline script: the security headers allow scripts from this origin only
const init = `window.ui = SwaggerUIBundle({
  url: '${API_DOCS_PATH}/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

/**
 * The OpenAPI document (`/api/docs/openapi.json`) and Swagger UI (`/api/docs`). The document is built
 * from the declared calls on its first request, not when the process starts, and kept as text.
 */
export function apiDocs(): Router {
  const router = express.Router();
  let document: string | null = null;
  router.get('/openapi.json', (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    res.type('application/json').send(document);
  });
  router.get('/init.js', (_req, res) => {
    res.type('text/javascript').send(init);
  });
  router.get('/', (_req, res) => {
    res.type('html').send(page);
  });
  const dist = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  for (const file of ASSETS) {
    router.get(`/${file}`, (_req, res, next) => {
      res.sendFile(path.join(dist, file), { maxAge: '1d' }, (err) => err && next(err));
    });
  }
  return router;
}
