import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Middleware mounted at the root, run in order as one Express layer. The router does per layer what
 * none of these needs (a path match and its result, a parameter step, a prefix check): over the API's
 * front middleware that was a tenth of everything it allocated per request. A handler that calls
 * next(err), throws or returns a rejected promise hands the error to the router, as it would as a layer
 * of its own; error-handling middleware (four arguments) stays a layer of its own.
 */
export function inOrder(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (err?: unknown) => {
      if (err) return next(err);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        const returned: unknown = handler(req, res, step);
        if (returned instanceof Promise) returned.catch((rejected: unknown) => next(rejected || new Error('Rejected promise')));
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
