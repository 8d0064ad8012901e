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
