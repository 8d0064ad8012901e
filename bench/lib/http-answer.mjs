/** The answer to a node:http request, read whole: { status, text }; rejects when the request fails. */
export function answerOf(req) {
  return new Promise((resolve, reject) => {
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * One call to the API (`/api<url>`) as the browser makes it: { status, json, text }. `session` (one per
 * visitor) keeps the newest consistency token the API answered and sends it back on reads, so a read waits
 * (bounded) for the caller's own writes; `timeZone`: the browser's (x-time-zone).
 */
export async function apiCall(baseUrl, method, url, { body, token, anonymousId, session, timeZone } = {}) {
  const headers = {};
  if (timeZone) headers['x-time-zone'] = timeZone;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (anonymousId) headers['x-non-auth-user-id'] = anonymousId;
  if (session?.consistencyToken && method === 'GET') headers['x-consistency-token'] = session.consistencyToken;
  const res = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const written = res.headers.get('x-consistency-token');
  if (session && written) session.consistencyToken = written;
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json, text };
}

/** The `response` of a call answered below 300; otherwise an error naming `what`. */
export async function expectOk(promise, what) {
  const r = await promise;
  if (r.status >= 300) throw new Error(`${what} answered ${r.status}: ${r.text.slice(0, 200)}`);
  return r.json?.response ?? r.json;
}
