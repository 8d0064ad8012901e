import type { ClientToServerEvents, RealtimeAuth, ServerToClientEvents } from '@sparkhouse/contracts';
import { REALTIME } from '@sparkhouse/contracts/realtime-names';
import type { Socket } from 'socket.io-client';
import { getAnonymousId } from '../../api/anonymous-id';
import { getAccessToken, subscribeAccessToken } from '../../api/token-store';

export type RealtimeStatus = 'closed' | 'opening' | 'open';
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type TimedEmit = ReturnType<ClientSocket['timeout']>['emit'];

/**
 * What the page uses of its socket: listeners, `connected`, and acknowledged emits. socket.io-client
 * is loaded on first use (it is not needed to render a page); listeners added before it is there are
 * attached when it connects, so nobody waits for it.
 */
export interface RealtimeSocket {
  readonly connected: boolean;
  on<E extends keyof ServerToClientEvents | 'connect'>(event: E, listener: (...args: never[]) => void): void;
  off<E extends keyof ServerToClientEvents | 'connect'>(event: E, listener: (...args: never[]) => void): void;
  timeout(ms: number): { emit: TimedEmit };
}

let client: ClientSocket | null = null;
let loading: Promise<ClientSocket> | null = null;
let status: RealtimeStatus = 'closed';
const statusListeners = new Set<() => void>();
const listeners = new Map<string, Set<(...args: never[]) => void>>();

function setStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}

export function realtimeAuth(): RealtimeAuth {
  const token = getAccessToken();
  return token ? { token } : { anonymousId: getAnonymousId() };
}

async function openClient(): Promise<ClientSocket> {
  const { io } = await import('socket.io-client');
  const created: ClientSocket = io({
    path: REALTIME.path,
    reconnection: true,
    reconnectionDelay: REALTIME.reconnectionDelayMs,
    reconnectionDelayMax: REALTIME.reconnectionDelayMaxMs,
    randomizationFactor: REALTIME.randomizationFactor,
    reconnectionAttempts: REALTIME.reconnectionAttempts,
    timeout: REALTIME.timeoutMs,
    // A function, so every (re)connect presents the identity of that moment.
    auth: (cb) => cb({ ...realtimeAuth() }),
    autoConnect: false,
  });

  created.on('connect', () => setStatus('open'));
  created.on('disconnect', () => setStatus(created.active ? 'opening' : 'closed'));
  created.on('connect_error', () => setStatus(created.active ? 'opening' : 'closed'));
  created.io.on('reconnect_attempt', () => setStatus('opening'));
  created.io.on('reconnect_failed', () => setStatus('closed'));
  for (const [event, set] of listeners) for (const listener of set) created.on(event as never, listener as never);

  // Signing in or out changes who the socket speaks for: reconnect with the new identity.
  subscribeAccessToken(() => {
    if (!created.active) return;
    created.disconnect();
    setStatus('opening');
    created.connect();
  });
  client = created;
  created.connect();
  return created;
}

const facade: RealtimeSocket = {
  get connected() {
    return client?.connected ?? false;
  },
  on(event, listener) {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event)!.add(listener);
    client?.on(event as never, listener as never);
  },
  off(event, listener) {
    listeners.get(event)?.delete(listener);
    client?.off(event as never, listener as never);
  },
  timeout(ms) {
    return {
      emit: ((...args: Parameters<TimedEmit>) => {
        void (loading ?? Promise.resolve(client!)).then((c) => c.timeout(ms).emit(...args));
      }) as TimedEmit,
    };
  },
};

/** The one realtime connection of the page, opened on first use. */
export function getSocket(): RealtimeSocket {
  if (!loading) {
    setStatus('opening');
    loading = openClient();
    loading.catch(() => {
      loading = null;
      setStatus('closed');
    });
  } else if (client && !client.active) {
    setStatus('opening');
    client.connect();
  }
  return facade;
}

export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

export function subscribeRealtimeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}
