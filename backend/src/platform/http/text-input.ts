import { isUtf8 } from 'node:buffer';
import type { ValidationIssue } from '@sparkhouse/contracts';

/**
 * Text that PostgreSQL cannot store as sent. Its text and jsonb types refuse the NUL character, and
 * a lone half of a UTF-16 surrogate pair (`"\ud800"` in JSON) is either refused by jsonb or silently
 * turned into U+FFFD by the UTF-8 encoder. Bytes that are not UTF-8 are caught before decoding (in
 * the URL by `invalidUtf8InQuery`, in bodies by `refuseInvalidUtf8Body`), since decoding replaces them.
 */
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | null {
  if (NUL.test(text)) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it has an unpaired surrogate)';
  return null;
}

/** A field's place in the input, linked to its parent (no path copies per level). */
interface Place {
  key: string;
  parent: Place | null;
}

function keysOf(place: Place | null): string[] {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) keys.push(p.key);
  return keys.reverse();
}

/**
 * Every string (and object key) in a parsed input that PostgreSQL could not store, as validation
 * issues named like the contract's (`body.email`, message "email must not contain ..."). Walks
 * without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function unstorableText(part: string, value: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const report = (place: Place | null, message: string) => {
    const keys = keysOf(place);
    issues.push({ path: [part, ...keys].join('.'), message: `${keys.join('.') || part} ${message}` });
  };
  const pending: [unknown, Place | null][] = [[value, null]];
  while (pending.length > 0 && issues.length < 20) {
    const [current, place] = pending.pop()!;
    if (typeof current === 'string') {
      const problem = problemOf(current);
      if (problem) report(place, problem);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push([current[i], { key: String(i), parent: place }]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i];
        const problem = problemOf(key);
        if (problem) report(place, `has a field name that ${problem}`);
        else pending.push([item, { key, parent: place }]);
      }
    }
  }
  return issues;
}

const percentEncoded = /%[0-9a-fA-F]{2}/;

/** Percent-decodes to bytes (as query strings are: `+` is a space), keeping malformed escapes as they are. */
function bytesOf(component: string): Buffer {
  const text = component.replace(/\+/g, ' ');
  if (!percentEncoded.test(text)) return Buffer.from(text, 'utf8');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '%' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/**
 * Query parameters whose percent-encoded bytes are not UTF-8 (`?id=%ff`). The query parser would
 * have replaced them with U+FFFD, so they are checked in the URL as it was sent.
 */
export function invalidUtf8InQuery(url: string): ValidationIssue[] {
  const start = url.indexOf('?');
  if (start < 0) return [];
  const issues: ValidationIssue[] = [];
  for (const pair of url.slice(start + 1).split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const key = bytesOf(rawKey);
    const keyValid = isUtf8(key);
    if (keyValid && isUtf8(bytesOf(rawValue))) continue;
    const name = keyValid ? key.toString('utf8') : 'a query parameter name';
    issues.push({ path: `query.${keyValid ? name : '?'}`, message: `${name} must be valid UTF-8 text` });
  }
  return issues;
}

/** The body parsers' error type for a request body whose bytes are not UTF-8. */
export const INVALID_UTF8_BODY = 'encoding.invalid.utf8';

class InvalidUtf8BodyError extends Error {
  readonly status = 400;
  readonly type = INVALID_UTF8_BODY;
  constructor() {
    super('Request body is not valid UTF-8.');
  }
}

/** The body parsers' `verify` hook: refuses bytes that are not UTF-8 before they are decoded (and replaced). */
export function refuseInvalidUtf8Body(_req: unknown, _res: unknown, buf: Buffer, encoding: string): void {
  if (encoding && !/^utf-?8$/i.test(encoding)) return;
  if (buf.length > 0 && !isUtf8(buf)) throw new InvalidUtf8BodyError();
}
