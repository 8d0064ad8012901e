import fs from 'node:fs';
import path from 'node:path';
import { WEB_ROUTES } from '@sparkhouse/contracts';

/* The server answers 404 for paths outside WEB_ROUTES: the router must declare exactly those pages. */
describe('the router and the server share one route table', () => {
  it('declares every page of WEB_ROUTES and no other', () => {
    const source = fs.readFileSync(path.join(__dirname, 'router.tsx'), 'utf8');
    const top = [...source.matchAll(/path: '(\/[^']*)'/g)].map((m) => m[1]);
    const ops = [...source.slice(0, source.indexOf('export const routes')).matchAll(/path: '([^/'][^']*)'/g)].map(
      (m) => `/ops/${m[1]}`,
    );
    expect([...new Set(['/', ...top, ...ops])].sort()).toEqual([...WEB_ROUTES].sort());
  });
});
