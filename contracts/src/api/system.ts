import { z } from 'zod';
import { defineCall } from '../http';

export const up = defineCall({
  id: 'up',
  module: 'system',
  method: 'GET',
  path: '/up',
  access: 'public',
  style: 'legacy',
  summary: 'Backend health check used by the sign-up flow.',
  response: z.object({ up: z.literal('yes') }),
});

const dependency = z.object({ status: z.enum(['up', 'down']), latencyMs: z.number().optional(), error: z.string().optional() });

export const liveness = defineCall({
  id: 'liveness',
  module: 'system',
  method: 'GET',
  path: '/health',
  access: 'public',
  style: 'legacy',
  summary: 'Liveness: the process answers.',
  response: z.object({ status: z.literal('ok'), uptimeSeconds: z.number() }),
});

export const readiness = defineCall({
  id: 'readiness',
  module: 'system',
  method: 'GET',
  path: '/health/ready',
  access: 'public',
  style: 'legacy',
  summary: 'Readiness: PostgreSQL and Redis answer. 503 when one does not.',
  response: z.object({
    status: z.enum(['ok', 'error']),
    checks: z.object({ database: dependency, redis: dependency }),
  }),
});

const aiInfoSchema = z.object({
  text: z.object({ source: z.enum(['local', 'openai-compatible', 'none']), label: z.string() }),
  images: z.object({ source: z.enum(['drawn', 'images-api']), label: z.string() }),
});
export type AiInfo = z.infer<typeof aiInfoSchema>;

export const aiInfo = defineCall({
  id: 'aiInfo',
  module: 'system',
  method: 'GET',
  path: '/ai-info',
  access: 'public',
  style: 'legacy',
  summary: "Which AI writes the creator studio's documents and images: the local generator or a configured model.",
  response: aiInfoSchema,
});
