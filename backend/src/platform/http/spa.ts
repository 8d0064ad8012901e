import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';

/** Serves the built SPA: its files, and index.html for any other page route (client-side routing). */
export function spa(distDir: string) {
  const index = path.join(distDir, 'index.html');
  const files = express.static(distDir, { index: false, maxAge: '1h', immutable: false });
  // a URL in origin form starts with its path: no URL parsing on every request (absolute form is parsed)
  const isApi = (req: Request) => {
    const p = req.url.startsWith('/') ? req.url : req.path;
    return p.startsWith('/api') || p.startsWith('/socket.io');
  };
  return [
    // API calls never look on disk
    (req: Request, res: Response, next: NextFunction) => (isApi(req) ? next() : files(req, res, next)),
    (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (isApi(req)) return next();
      if (!fs.existsSync(index)) {
        return res.status(503).type('text/plain').send('The web app has not been built yet. Run `npm start`, which builds it.');
      }
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    },
  ];
}
