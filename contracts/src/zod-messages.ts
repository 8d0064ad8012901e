import { z } from 'zod';

/**
 * Plain-language default messages, shared by server and browser. They read after the field's name
 * ("limit must be a number"); messages a contract gives itself are shown as written.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
      case 'too_small':
        if (issue.origin === 'string')
          return Number(issue.minimum) === 1 ? 'must not be empty' : `must be at least ${characters(issue.minimum)}`;
        if (issue.origin === 'array') return `must have at least ${issue.minimum} items`;
        return `must be at least ${issue.minimum}`;
      case 'too_big':
        if (issue.origin === 'string') return `must be at most ${characters(issue.maximum)}`;
        if (issue.origin === 'array') return `must have at most ${issue.maximum} items`;
        return `must be at most ${issue.maximum}`;
      case 'invalid_format':
        return `must be a valid ${issue.format}`;
      case 'invalid_value':
        return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
      case 'unrecognized_keys':
        return `has unknown fields: ${issue.keys.join(', ')}`;
      default:
        return undefined;
    }
  },
});

const characters = (n: number | bigint) => `${n} ${Number(n) === 1 ? 'character' : 'characters'} long`;

function article(expected: string): string {
  if (expected === 'array') return 'a list';
  if (expected === 'object') return 'an object';
  if (expected === 'int') return 'a whole number';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/**
 * Joins a field path and its message: sentences from contracts stand alone, defaults follow the field, and
 * a message that already names its field ("testingStepId is required") is not prefixed with it again.
 */
export function describeIssue(path: readonly PropertyKey[], message: string): string {
  const field = path.map(String).join('.');
  if (!field || /^[A-Z]/.test(message)) return message;
  const last = path.length > 0 ? String(path[path.length - 1]) : field;
  if (message.startsWith(`${field} `) || message.startsWith(`${last} `)) return message;
  return `${field} ${message}`;
}

/** "a PDF", "an audio", "an image": the indefinite article for a word. */
export const withArticle = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
