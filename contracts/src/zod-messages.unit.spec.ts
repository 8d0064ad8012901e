import { z } from 'zod';
import { commerce, describeIssue, testingStepIdField, withArticle } from './index';

const messages = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => describeIssue(i.path, i.message));
};

describe('validation messages', () => {
  it('name their field once', () => {
    expect(messages(z.object({ testingStepId: testingStepIdField }), {})).toEqual(['testingStepId is required']);
    expect(messages(z.object({ testingStepId: testingStepIdField }), { testingStepId: 'a b' })).toEqual([
      'testingStepId must be letters, digits, - or _',
    ]);
    expect(messages(commerce.updatePriceOptions.body!, { appId: 'a1' })).toEqual(['monthlyPrice or annualPrice is required']);
  });

  it('put a default message after its field, and leave sentences alone', () => {
    expect(messages(z.object({ limit: z.number() }), { limit: 'x' })).toEqual(['limit must be a number']);
    expect(describeIssue(['email'], 'Enter a valid email.')).toBe('Enter a valid email.');
    expect(describeIssue(['a', 'b'], 'is required')).toBe('a.b is required');
  });

  it('count characters in plain words: an empty text is empty, one character is one character', () => {
    const text = z.object({ id: z.string().min(1).max(1), name: z.string().min(2).max(3) });
    expect(messages(text, { id: '', name: 'a' })).toEqual(['id must not be empty', 'name must be at least 2 characters long']);
    expect(messages(text, { id: 'ab', name: 'abcd' })).toEqual([
      'id must be at most 1 character long',
      'name must be at most 3 characters long',
    ]);
  });

  it('choose the article by sound', () => {
    expect([withArticle('audio'), withArticle('image'), withArticle('video'), withArticle('PDF')]).toEqual([
      'an audio',
      'an image',
      'a video',
      'a PDF',
    ]);
  });
});
