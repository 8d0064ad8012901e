// A benchmark client's socket.io connection, made the way the browser makes it.
import { io } from 'socket.io-client';

/**
 * Connects with `auth` ({ token } for a signed-in user, { anonymousId } for an anonymous owner);
 * resolves once connected, rejects on a connect error or after `timeoutMs`.
 */
export function connectSocket(baseUrl, auth, { label = 'socket', timeoutMs = 15_000, reconnectionDelay } = {}) {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      path: '/socket.io',
      auth,
      transports: ['websocket'],
      reconnection: true,
      ...(reconnectionDelay === undefined ? {} : { reconnectionDelay }),
      timeout: timeoutMs,
    });
    const timer = setTimeout(() => reject(new Error(`${label} did not connect`)), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      socket.close();
      reject(new Error(`${label}: ${err.message}`));
    });
  });
}
