import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

export interface DrainOptions {
  /** How long a kept-alive connection may stay idle once draining began before it is closed. */
  idleGraceMs: number;
  /** After this long, whatever is still open is closed (the rest of the shutdown must fit the deadline). */
  deadlineMs: number;
}

/**
 * Lets an HTTP server go without dropping a request: once `drain()` is called the server stops
 * accepting connections, every answer from then on (and every one still being worked on) carries
 * `Connection: close` so the client opens its next connection elsewhere, connections left idle are
 * closed after a short grace (a client may be sending on one right now), as are upgraded ones (live
 * sockets, whose clients reconnect to another node), and `drain()` resolves once every request has
 * been answered and every connection closed, or at the deadline.
 */
export class HttpDrain {
  private draining = false;
  private readonly inFlight = new Set<ServerResponse>();
  private readonly upgraded = new Set<Socket>();

  constructor(private readonly server: Server) {
    // ahead of the application's own listener, so the header is set before anything answers
    const inFlight = this.inFlight;
    // one function for every response ('close' comes once): no closure per request
    const settled = function (this: ServerResponse) {
      inFlight.delete(this);
    };
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      inFlight.add(res);
      res.on('close', settled);
      if (this.draining) res.setHeader('Connection', 'close');
    });
    server.on('upgrade', (_req: IncomingMessage, socket: Socket) => {
      this.upgraded.add(socket);
      socket.once('close', () => this.upgraded.delete(socket));
    });
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /** Requests being worked on right now. */
  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  async drain({ idleGraceMs, deadlineMs }: DrainOptions): Promise<{ forced: boolean }> {
    this.draining = true;
    const deadline = Date.now() + deadlineMs;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    // stop listening without closing idle kept-alive connections yet (http.Server#close closes them at
    // once, racing a request a client is sending on one); they are closed after the grace below
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(this.server, () => resolve()));
    let sweeper: NodeJS.Timeout | undefined;
    const grace = setTimeout(
      () => {
        for (const socket of this.upgraded) socket.end();
        // and from now on any connection left idle (an answer whose headers went out before draining
        // began could not ask its client to close)
        this.server.closeIdleConnections();
        sweeper = setInterval(() => this.server.closeIdleConnections(), 50);
      },
      Math.min(idleGraceMs, deadlineMs),
    );
    let timer: NodeJS.Timeout | undefined;
    const forced = await Promise.race([
      closed.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), Math.max(0, deadline - Date.now())))),
    ]);
    clearTimeout(grace);
    clearInterval(sweeper);
    clearTimeout(timer);
    if (forced) for (const socket of this.upgraded) socket.destroy();
    if (forced) this.server.closeAllConnections();
    return { forced };
  }
}
