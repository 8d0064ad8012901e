import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { io, type Socket } from 'socket.io-client';
import { AccessTokens, WorkerRuntime, type AppConfig } from '@sparkhouse/backend';
import { createTestDatabase, startApi, testConfig } from '@sparkhouse/backend/test-support';
import { REALTIME, type ClientToServerEvents, type ServerToClientEvents } from '@sparkhouse/contracts';
import { WorkerModule } from '../src/worker.module';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Starts a worker process's application in-process. */
export async function startWorker(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot({ ...config, RUN_PROJECTIONS: false }), {
    logger: false,
  });
  await app.get(WorkerRuntime).start();
  return app;
}

/** API + worker against a database of the test's own, and a way to open owner sockets. */
export async function startStack(overrides: Record<string, string> = {}) {
  const db = await createTestDatabase();
  const config = testConfig(db.url, overrides);
  const api = await startApi(config);
  const workers: INestApplicationContext[] = [await startWorker(config)];
  const sockets: TestSocket[] = [];
  return {
    config,
    baseUrl: api.baseUrl,
    api: api.app,
    workers,
    async addWorker() {
      const w = await startWorker(config);
      workers.push(w);
      return w;
    },
    async socket(anonymousId: string): Promise<TestSocket> {
      const s: TestSocket = io(api.baseUrl, {
        path: REALTIME.path,
        auth: { anonymousId },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      return s;
    },
    async call(method: string, path: string, owner: string | null, body?: unknown) {
      const res = await fetch(`${api.baseUrl}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(owner ? { 'x-non-auth-user-id': owner } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    },
    /** A JSON call as a signed-in user (a Bearer token of the API's own keys), or anonymously with no token. */
    async callAs(method: string, path: string, userId: string | null, body?: unknown) {
      const token = userId ? await api.app.get(AccessTokens).sign({ sub: userId, email: `${userId}@example.com` }) : null;
      const res = await fetch(`${api.baseUrl}/api${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    },
    /** Uploads a file to the app's media library as `userId` (POST /media/uploads); answers its address. */
    async upload(userId: string, appId: string, bytes: Buffer, name: string, type: string): Promise<string> {
      const token = await api.app.get(AccessTokens).sign({ sub: userId, email: `${userId}@example.com` });
      const form = new FormData();
      form.append('appId', appId);
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const res = await fetch(`${api.baseUrl}/api/media/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await res.json()) as any;
      expect(res.status).toBeLessThan(300);
      return (body.response ?? body).url as string;
    },
    async close() {
      sockets.forEach((s) => s.disconnect());
      for (const w of workers) await w.close();
      await api.app.close();
      await db.drop();
    },
  };
}

/** The progress a build reports: each named step as it starts and ends, in order, ending at 100. */
export const BUILD_APP_PROGRESS = [
  ['blueprint', 0],
  ['blueprint', 25],
  ['onboarding', 25],
  ['onboarding', 50],
  ['landing-page', 50],
  ['landing-page', 75],
  ['app-image', 75],
  ['app-image', 100],
];

/** Serves `server` on a free loopback port; answers it with its origin (http://127.0.0.1:port). */
export function listenOnLoopback(server: http.Server): Promise<{ server: http.Server; origin: string }> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}
