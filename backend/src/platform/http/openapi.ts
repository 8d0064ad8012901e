import { z } from 'zod';
import { apiCalls, type CallDefinition } from '@sparkhouse/contracts';

type JsonSchema = Record<string, unknown>;

const schemaOf = (s: z.ZodType): JsonSchema =>
  z.toJSONSchema(s, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

const errorEnvelope: JsonSchema = {
  type: 'object',
  required: ['status', 'error', 'code'],
  properties: { status: { enum: ['error'] }, error: { type: 'string' }, code: { type: 'string' }, details: { type: 'array' } },
};
const legacyError: JsonSchema = {
  type: 'object',
  required: ['statusCode', 'code', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    code: { type: 'string' },
    message: { type: 'string' },
    details: { type: 'array' },
  },
};

function parameters(call: CallDefinition) {
  const out: unknown[] = [];
  for (const [where, schema] of [
    ['path', call.params],
    ['query', call.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
    }
  }
  return out;
}

/** A multipart upload's form: its fields and the file (binary). */
function uploadSchema(call: CallDefinition): JsonSchema {
  const { fileField, fields } = call.upload!;
  const json = schemaOf(fields) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return {
    type: 'object',
    required: [...(json.required ?? []), fileField],
    properties: { ...json.properties, [fileField]: { type: 'string', format: 'binary' } },
  };
}

function operation(call: CallDefinition) {
  const success = schemaOf(call.response);
  const body =
    call.style === 'envelope'
      ? { type: 'object', required: ['status', 'response'], properties: { status: { enum: ['success'] }, response: success } }
      : success;
  const error = { content: { 'application/json': { schema: call.style === 'envelope' ? errorEnvelope : legacyError } } };
  const needsCaller = call.access !== 'public';
  return {
    operationId: call.id,
    tags: [call.module],
    summary: call.summary,
    description: `Response style: ${call.style}. Access: ${call.access}.`,
    parameters: parameters(call),
    ...(call.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(call.body) } } } } : {}),
    ...(call.upload
      ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: uploadSchema(call) } } } }
      : {}),
    ...(needsCaller ? { security: [{ bearer: [] }, { anonymousId: [] }] } : {}),
    responses: {
      [String(call.successStatus ?? 200)]: { description: 'Success', content: { 'application/json': { schema: body } } },
      '400': { description: 'Bad input', ...error },
      ...(call.upload
        ? {
            '413': { description: 'The file is larger than its kind allows', ...error },
            '415': { description: 'The file is of a kind that is not accepted', ...error },
          }
        : {}),
      ...(needsCaller
        ? { '401': { description: 'No or bad credentials', ...error }, '403': { description: 'Not allowed', ...error } }
        : {}),
    },
  };
}

/** The OpenAPI document, generated from the calls declared in contracts/. */
export function buildOpenApiDocument(calls: readonly CallDefinition[] = apiCalls) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const path = '/api' + call.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][call.method.toLowerCase()] = operation(call);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Sparkhouse API',
      version: '1',
      description:
        'Every call of the classes marketplace and creator studio. Send X-Time-Zone on every call; ' +
        'anonymous visitors send X-Non-Auth-User-Id (anon_...). Legacy calls answer the payload itself; ' +
        'envelope calls answer { status, response } or { status: "error", error, code }.',
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        anonymousId: { type: 'apiKey', in: 'header', name: 'X-Non-Auth-User-Id' },
      },
    },
    paths,
  };
}
