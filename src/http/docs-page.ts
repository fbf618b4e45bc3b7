// The interactive API reference at /docs: Swagger UI (swagger-ui-dist, served from the installed
// package, no CDN) over /openapi.json, with "Authorize" taking the API key (apikey parameter or
// Bearer) and "Try it out" calling this server. Invariant: the page loads nothing from another
// origin (no CDN, no validator badge) and needs no key itself.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);
const DIST = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const ASSETS: Readonly<Record<string, { file: string; type: string }>> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'favicon-32x32.png': { file: 'favicon-32x32.png', type: 'image/png' },
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tenk API reference</title>
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// No inline script: the page works under a Content-Security-Policy of 'self'.
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    persistAuthorization: false,
    displayRequestDuration: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

export function docsRoutes(app: FastifyInstance): void {
  app.get('/docs', async (_req, reply) => reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE));
  app.get('/docs/init.js', async (_req, reply) => reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(INIT));
  for (const [name, a] of Object.entries(ASSETS)) {
    // Streamed from the package on each request (nothing held in memory); cached by browsers a day.
    app.get(`/docs/${name}`, async (_req, reply) => reply.header('Content-Type', a.type).header('Cache-Control', 'public, max-age=86400')
      .send(fs.createReadStream(path.join(DIST, a.file))));
  }
}
