import {
  applyDecorators,
  createParamDecorator,
  HttpCode,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UseGuards,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { describeIssue, type CallDefinition, type ValidationIssue } from '@sparkhouse/contracts';
import { withCallerConsistency } from '../consistency/caller-consistency';
import { AccessGuard } from './access.guard';
import { shapeAnswer } from './answers';
import { CALL_METADATA } from './call-metadata';
import { badRequest } from './errors';
import { invalidUtf8InQuery, unstorableText } from './text-input';

const methods = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  PATCH: RequestMethod.PATCH,
  DELETE: RequestMethod.DELETE,
} as const;

/**
 * Serves a call declared in contracts/: its method, path, access rule, status and response style.
 * The handler runs between the caller's read-your-writes steps (consistency/caller-consistency.ts),
 * and its answer is shaped as the contract says (answers.ts) as it returns.
 */
export const Endpoint = (call: CallDefinition): MethodDecorator => {
  const nest = applyDecorators(
    RequestMapping({ path: call.path, method: methods[call.method] }),
    SetMetadata(CALL_METADATA, call),
    HttpCode(call.successStatus ?? 200),
    UseGuards(AccessGuard),
  );
  return (target, key, descriptor) => {
    const handler = descriptor.value as unknown as (...args: unknown[]) => unknown;
    const shaped = async function (this: unknown, ...args: unknown[]) {
      // a read sees the caller's own writes; a write is remembered for the caller's next reads
      const payload = await withCallerConsistency(call, async () => handler.apply(this, args));
      return shapeAnswer(call, payload);
    };
    Object.defineProperty(shaped, 'name', { value: handler.name });
    // what decorators below this one recorded on the handler stays on it
    for (const k of Reflect.getOwnMetadataKeys(handler)) Reflect.defineMetadata(k, Reflect.getOwnMetadata(k, handler), shaped);
    (descriptor as PropertyDescriptor).value = shaped;
    return nest(target, key, descriptor);
  };
};

/** The call's parsed input: params, query and body validated by the contract's schemas. */
export type CallInput<C> =
  C extends CallDefinition<infer P, infer Q, infer B, z.ZodType>
    ? { params: z.output<P>; query: z.output<Q>; body: z.output<B> }
    : never;

export const Input = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const call = Reflect.getMetadata(CALL_METADATA, ctx.getHandler()) as CallDefinition | undefined;
  if (!call) throw new Error('@Input() is only for handlers declared with @Endpoint(call)');
  return parseInput(call, ctx.switchToHttp().getRequest<Request>());
});

export function parseInput(call: CallDefinition, req: Pick<Request, 'params' | 'query' | 'body'> & { originalUrl?: string }) {
  // text PostgreSQL cannot store is refused for every call, before its schemas (which may transform it)
  const unstorable = new Map<string, ValidationIssue>();
  for (const issue of [
    ...invalidUtf8InQuery(req.originalUrl ?? ''),
    ...unstorableText('params', req.params),
    ...unstorableText('query', req.query),
    ...unstorableText('body', req.body),
  ]) {
    if (!unstorable.has(issue.path)) unstorable.set(issue.path, issue);
  }
  if (unstorable.size > 0) throw refused([...unstorable.values()]);
  const issues: ValidationIssue[] = [];
  const part = (name: 'params' | 'query' | 'body', schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return undefined;
    const parsed = schema.safeParse(name === 'body' ? (value ?? {}) : value);
    if (parsed.success) return parsed.data;
    for (const i of parsed.error.issues) {
      issues.push({ path: [name, ...i.path.map(String)].join('.'), message: describeIssue(i.path, i.message) });
    }
    return undefined;
  };
  const input = {
    params: part('params', call.params, req.params),
    query: part('query', call.query, { ...(req.query as object) }),
    body: part('body', call.body, req.body),
  };
  if (issues.length > 0) throw refused(issues);
  return input;
}

function refused(issues: ValidationIssue[]) {
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return badRequest(`${issues[0].message}${more}`, issues);
}
