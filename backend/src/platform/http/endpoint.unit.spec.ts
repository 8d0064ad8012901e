import { z } from 'zod';
import { defineCall } from '@sparkhouse/contracts';
import { parseInput } from './endpoint';
import { ApiError } from './errors';

const call = defineCall({
  id: 'sample',
  module: 'test',
  method: 'POST',
  path: '/sample/:id',
  access: 'public',
  style: 'envelope',
  summary: 'sample',
  params: z.object({ id: z.uuid('must be an id') }),
  body: z.object({
    email: z.string({ message: 'You must provide an email.' }).min(1, 'You must provide an email.'),
    count: z.number().int(),
  }),
  response: z.object({}),
});

const fail = (input: Parameters<typeof parseInput>[1]) => {
  try {
    parseInput(call, input);
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected a validation error');
};

describe('contract input validation', () => {
  it("keeps the contract's own sentences as they are (the spec's wording)", () => {
    const err = fail({ params: { id: '6f1c1d2e-8a1b-4c7d-9e0f-1a2b3c4d5e6f' }, query: {}, body: { count: 1 } });
    expect(err.status).toBe(400);
    expect(err.message).toBe('You must provide an email.');
  });

  it('names the field in default messages and lists every problem', () => {
    const err = fail({ params: { id: 'x' }, query: {}, body: { email: 'a@b.co', count: 1.5 } });
    expect(err.details).toEqual([
      { path: 'params.id', message: 'id must be an id' },
      { path: 'body.count', message: 'count must be a whole number' },
    ]);
  });

  it('treats a missing body as empty, and answers the parsed input when valid', () => {
    expect(fail({ params: { id: '6f1c1d2e-8a1b-4c7d-9e0f-1a2b3c4d5e6f' }, query: {}, body: undefined }).details).toHaveLength(2);
    expect(
      parseInput(call, { params: { id: '6f1c1d2e-8a1b-4c7d-9e0f-1a2b3c4d5e6f' }, query: {}, body: { email: 'a@b.co', count: 2 } })
        .body,
    ).toEqual({
      email: 'a@b.co',
      count: 2,
    });
  });
});
