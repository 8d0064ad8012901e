/** Keyset cursor of the job search: the last row's (requested_at, run_id), opaque to callers. */
export interface JobCursor {
  requestedAt: string;
  runId: string;
}

export const encodeJobCursor = (c: JobCursor) => Buffer.from(`${c.requestedAt}|${c.runId}`).toString('base64url');

export function decodeJobCursor(text: string): JobCursor | null {
  const [requestedAt, runId, extra] = Buffer.from(text, 'base64url').toString().split('|');
  if (extra !== undefined || !requestedAt || !runId) return null;
  if (Number.isNaN(Date.parse(requestedAt)) || !/^[0-9a-f-]{36}$/i.test(runId)) return null;
  return { requestedAt, runId };
}
