import type { FormObject, FormValue } from './form-encoding';
import { invalid, missing } from './stripe-errors';

export interface ApiRequest {
  method: string;
  /** Captures of the route's pattern, e.g. the id in `/v1/customers/:id`. */
  params: string[];
  /** Form body for POST, query string otherwise. */
  body: FormObject;
}

export type Handler = (req: ApiRequest) => Promise<unknown>;
export interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

/** `/v1/customers/:id` → a route matching ids without slashes. */
export function route(method: string, path: string, handler: Handler): Route {
  return { method, pattern: new RegExp(`^${path.replace(/:[a-z_]+/g, '([^/]+)')}$`), handler };
}

export function match(routes: Route[], method: string, path: string): { handler: Handler; params: string[] } | undefined {
  for (const r of routes) {
    if (r.method !== method) continue;
    const m = r.pattern.exec(path);
    if (m) return { handler: r.handler, params: m.slice(1).map(decodeURIComponent) };
  }
  return undefined;
}

/** Parameter readers that answer Stripe-style 400s. */
export function optString(body: FormObject, key: string): string | undefined {
  const v = body[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(`Invalid string: ${key}`, key);
  return v;
}

export function reqString(body: FormObject, key: string): string {
  const v = optString(body, key);
  if (v === undefined || v === '') throw missing(key);
  return v;
}

export function optInt(body: FormObject, key: string, param = key): number | undefined {
  const v = body[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^-?\d+$/.test(v)) throw invalid(`Invalid integer: ${String(v)}`, param);
  return Number(v);
}

export function optObject(body: FormObject, key: string): FormObject | undefined {
  const v: FormValue | undefined = body[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalid(`Invalid object: ${key}`, key);
  return v;
}

export function optArray(body: FormObject, key: string): FormValue[] | undefined {
  const v = body[key];
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) throw invalid(`Invalid array: ${key}`, key);
  return v;
}
