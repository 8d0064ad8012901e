import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply: a chat answer (`content`) or a raw HTTP status with headers/body. */
export type ScriptedReply =
  { content: string | null; refusal?: string } | { status: number; headers?: Record<string, string>; body?: unknown };

export interface FakeChatServer {
  baseURL: string;
  /** Parsed request bodies, in arrival order. */
  requests: Array<Record<string, any>>;
  /** Transcription requests: the model named and the uploaded file's size and name. */
  transcriptions: Array<{ model: string | null; fileBytes: number; fileName: string | null }>;
  close(): Promise<void>;
}

/** The form fields of a multipart body: text values, and files by size (enough to check what was sent). */
function multipartFields(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields: Record<string, { value: string; fileName: string | null; bytes: number }> = {};
  if (!boundary) return fields;
  const marker = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(marker);
  while (at !== -1) {
    const next = body.indexOf(marker, at + marker.length);
    if (next === -1) break;
    const part = body.subarray(at + marker.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString();
    const content = part.subarray(split + 4);
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (name)
      fields[name] = { value: content.toString(), fileName: /filename="([^"]*)"/.exec(head)?.[1] ?? null, bytes: content.length };
    at = next;
  }
  return fields;
}

/**
 * A local stand-in for an OpenAI-compatible server: answers POST /v1/chat/completions with the
 * scripted replies in order (the last one repeats), in the chat.completions wire format; and, when
 * given a `transcript`, POST /v1/audio/transcriptions with it (else 404, as a text-only server).
 */
export async function startFakeChatServer(
  script: ScriptedReply[],
  options: { transcript?: string } = {},
): Promise<FakeChatServer> {
  const requests: Array<Record<string, any>> = [];
  const transcriptions: FakeChatServer['transcriptions'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      if (req.method === 'POST' && req.url === '/v1/audio/transcriptions' && options.transcript !== undefined) {
        const fields = multipartFields(Buffer.concat(chunks), req.headers['content-type'] ?? '');
        transcriptions.push({
          model: fields.model?.value ?? null,
          fileBytes: fields.file?.bytes ?? 0,
          fileName: fields.file?.fileName ?? null,
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: options.transcript }));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      requests.push(JSON.parse(raw));
      const reply = script[Math.min(requests.length - 1, script.length - 1)];
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.body ?? { error: { message: `scripted ${reply.status}`, type: 'test_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'fake-model',
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              logprobs: null,
              message: { role: 'assistant', content: reply.content, refusal: reply.refusal ?? null },
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    transcriptions,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
