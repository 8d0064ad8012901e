import { REALTIME, type ClientToServerEvents, type RealtimeAuth, type ServerToClientEvents } from '@sparkhouse/contracts';
import { io, type Socket } from 'socket.io-client';
import { getAnonymousId } from '../../api/anonymous-id';
import { getAccessToken, subscribeAccessToken } from '../../api/token-store';

export type RealtimeStatus = 'closed' | 'opening' | 'open';
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: RealtimeSocket | null = null;
let status: RealtimeStatus = 'closed';
const statusListeners = new Set<() => void>();

function setStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}

export function realtimeAuth(): RealtimeAuth {
  const token = getAccessToken();
  return token ? { token } : { anonymousId: getAnonymousId() };
}

function createSocket(): RealtimeSocket {
  const created: RealtimeSocket = io({
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

  // Signing in or out changes who the socket speaks for: reconnect with the new identity.
  subscribeAccessToken(() => {
    if (!created.active) return;
    created.disconnect();
    setStatus('opening');
    created.connect();
  });
  return created;
}

/** The one realtime connection of the page, opened on first use. */
export function getSocket(): RealtimeSocket {
  if (!socket) socket = createSocket();
  if (!socket.active) {
    setStatus('opening');
    socket.connect();
  }
  return socket;
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
