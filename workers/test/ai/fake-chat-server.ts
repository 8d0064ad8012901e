import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply: a chat answer (`content`) or a raw HTTP status with headers/body. */
export type ScriptedReply =
  { content: string | null; refusal?: string } | { status: number; headers?: Record<string, string>; body?: unknown };

export interface FakeChatServer {
  baseURL: string;
  /** Parsed request bodies, in arrival order. */
  requests: Array<Record<string, any>>;
  close(): Promise<void>;
}

/**
 * A local stand-in for an OpenAI-compatible server: answers POST /v1/chat/completions with the
 * scripted replies in order (the last one repeats), in the chat.completions wire format.
 */
export async function startFakeChatServer(script: ScriptedReply[]): Promise<FakeChatServer> {
  const requests: Array<Record<string, any>> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
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
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
