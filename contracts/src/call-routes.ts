import type { z } from 'zod';
import type { CallDefinition } from './http';

// What the browser needs of a call to make it: method, path, access, response style. The web app
// takes these from a table built from the declarations at build time (frontend/build/call-routes.ts),
// so its bundles carry no zod schemas; the types still come from the declarations.

declare const definition: unique symbol;

/** A call's route. Its type remembers the declaration it was taken from (for params, body, answer). */
export type CallRoute<C extends CallDefinition = CallDefinition> = Pick<C, 'id' | 'method' | 'path' | 'access' | 'style'> & {
  readonly successStatus?: number;
  readonly [definition]?: C;
};

/** The declaration behind a route (a declaration stands for itself). */
export type DefinitionOf<C> = C extends CallDefinition ? C : C extends CallRoute<infer D> ? D : never;

// the parts of a call; C is a declaration or a route taken from one
export type CallParams<C> = DefinitionOf<C> extends CallDefinition<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type CallQuery<C> = DefinitionOf<C> extends CallDefinition<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type CallBody<C> = DefinitionOf<C> extends CallDefinition<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type CallResponse<C> =
  DefinitionOf<C> extends CallDefinition<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** The routes of a namespace of declarations (`typeof contracts.catalogue`). */
export type RoutesOf<M> = { readonly [K in keyof M]: M[K] extends CallDefinition ? CallRoute<M[K]> : never };

const isCall = (v: unknown): v is CallDefinition =>
  typeof v === 'object' && v !== null && typeof (v as CallDefinition).path === 'string' && 'method' in v && 'style' in v;

export const routeOf = (c: CallDefinition): CallRoute => ({
  id: c.id,
  method: c.method,
  path: c.path,
  access: c.access,
  style: c.style,
  ...(c.successStatus ? { successStatus: c.successStatus } : {}),
});

/** Namespace -> export name -> route, for every namespace of declarations in `api` (contracts/src/api). */
export function routeTable(api: Record<string, unknown>): Record<string, Record<string, CallRoute>> {
  const table: Record<string, Record<string, CallRoute>> = {};
  for (const [ns, value] of Object.entries(api)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const calls = Object.entries(value).filter(([, v]) => isCall(v));
    if (calls.length === 0) continue;
    table[ns] = Object.fromEntries(calls.map(([name, c]) => [name, routeOf(c as CallDefinition)]));
  }
  return table;
}
