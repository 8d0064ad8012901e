import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';

/**
 * Makes the writes a connection gets in one turn of the event loop leave in one system call: the first
 * write of a turn corks the stream and the turn's end (process.nextTick) uncorks it. A busy node pushes
 * a socket several messages at once (a job's progress and its end, read from Redis together), and each
 * WebSocket frame would otherwise be a write of its own, which on loopback or a small VM costs more
 * than the frame. Nothing waits longer than the turn that wrote it.
 */
export function coalesceWrites(stream: Duplex): void {
  const write = stream.write;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream.uncork();
  };
  stream.write = function (this: Duplex, ...args: Parameters<Duplex['write']>) {
    if (!corked) {
      corked = true;
      stream.cork();
      process.nextTick(uncork);
    }
    return write.apply(this, args);
  } as Duplex['write'];
}

/**
 * The WebSocket server socket.io's engine uses (its `wsEngine`): ws's own, with each upgraded
 * connection's writes coalesced per turn (see coalesceWrites). socket.io writes broadcast frames
 * straight to the connection, past WebSocket.send, so the connection is where they can be gathered.
 */
export class CoalescingWebSocketServer extends WebSocketServer {
  override handleUpgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    callback: Parameters<WebSocketServer['handleUpgrade']>[3],
  ): void {
    coalesceWrites(socket);
    super.handleUpgrade(request, socket, head, callback);
  }
}
