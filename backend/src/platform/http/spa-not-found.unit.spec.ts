import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { spa } from './spa';

/* The server knows the web app's pages: any other path answers the app's not-found page with HTTP 404. */
describe('spa: unknown pages', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));
  let server: ReturnType<ReturnType<typeof express>['listen']>;
  let base: string;

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>Sparkhouse</title></head><body></body></html>',
    );
    const app = express();
    app.use(spa(dir));
    await new Promise<void>((resolve) => (server = app.listen(0, '127.0.0.1', () => resolve())));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves every page of the app with 200', async () => {
    for (const page of [
      '/',
      '/browse',
      '/classes/ava/jazz',
      '/apps/coach-co/run/onboarding/link',
      '/ops/jobs/r1',
      '/checkout/success',
    ]) {
      const res = await fetch(`${base}${page}?x=1`);
      expect([page, res.status]).toEqual([page, 200]);
      expect(await res.text()).toContain('<title>Sparkhouse</title>');
    }
  });

  it('answers any other path with 404 and a title that says so', async () => {
    for (const page of ['/nope', '/classes/only-one', '/browse/extra/parts', '/dashboard/nothing-here']) {
      const res = await fetch(`${base}${page}`);
      expect([page, res.status]).toEqual([page, 404]);
      expect(await res.text()).toContain('<title>Page not found · Sparkhouse</title>');
    }
  });
});
