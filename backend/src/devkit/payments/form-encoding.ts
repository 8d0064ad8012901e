/**
 * The `application/x-www-form-urlencoded` dialect the Stripe SDK sends: nested keys with brackets
 * (`line_items[0][price]=price_1`, `metadata[plan]=pro`), indexed arrays, `+` for spaces.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function keyPath(rawKey: string): string[] {
  const first = rawKey.indexOf('[');
  if (first < 0) return [rawKey];
  const path = [rawKey.slice(0, first)];
  for (const m of rawKey.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(m[1]);
  return path;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** Objects whose keys are all array indices become arrays, in index order. */
function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const k of keys) value[k] = arrays(value[k]);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]);
  }
  return value;
}

/** Parses a form body or query string into nested objects and arrays. */
export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    const path = keyPath(key);
    if (path.some((p) => FORBIDDEN.has(p)) || path[0] === '') continue;
    let node: { [key: string]: FormValue } = root;
    for (let i = 0; i < path.length; i += 1) {
      let seg = path[i];
      // `a[]=x` appends: give it the next free index
      if (seg === '') seg = String(Object.keys(node).length);
      if (i === path.length - 1) {
        node[seg] = value;
      } else {
        const next = node[seg];
        if (typeof next !== 'object' || Array.isArray(next)) node[seg] = {};
        node = node[seg] as { [key: string]: FormValue };
      }
    }
  }
  return arrays(root) as FormObject;
}
