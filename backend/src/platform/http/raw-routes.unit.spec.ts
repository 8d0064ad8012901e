import type { NextFunction, Request, Response } from 'express';
import { RawRoutes } from './raw-routes';

/** Runs a request for `path` through a RawRoutes middleware: which handler took it (and the path it saw), or 'next'. */
function serve(middleware: ReturnType<RawRoutes['middleware']>, path: string): string {
  const req = { path, url: path } as Request & { takenBy?: string };
  middleware(req, {} as Response, (() => undefined) as NextFunction);
  return req.takenBy ?? 'next';
}

describe('RawRoutes', () => {
  const routes = new RawRoutes();
  const handler = (name: string) => (req: Request) => {
    (req as Request & { takenBy?: string }).takenBy = `${name} ${req.url}`;
  };
  routes.register('/api/payments/webhook', handler('webhook'), { ahead: true });
  routes.register('/api/stripe-emulator/', handler('emulator'));
  const ahead = routes.middleware('ahead');
  const inPipeline = routes.middleware('in-pipeline');

  it('serves a route registered ahead only from the middleware mounted ahead of the pipeline', () => {
    expect(serve(ahead, '/api/payments/webhook')).toBe('webhook /');
    expect(serve(inPipeline, '/api/payments/webhook')).toBe('next');
  });

  it('serves the other routes only from the middleware in the pipeline', () => {
    expect(serve(inPipeline, '/api/stripe-emulator/checkout/cs_1')).toBe('emulator /checkout/cs_1');
    expect(serve(ahead, '/api/stripe-emulator/checkout/cs_1')).toBe('next');
  });

  it('matches prefixes on segment boundaries', () => {
    expect(serve(ahead, '/api/payments/webhooks')).toBe('next');
    expect(serve(inPipeline, '/api/stripe-emulatorx')).toBe('next');
  });

  it('says it is mounted once a middleware was made', () => {
    expect(new RawRoutes().mounted).toBe(false);
    expect(routes.mounted).toBe(true);
  });
});
