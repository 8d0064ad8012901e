import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config';

const RECONNECT_MS = 1000;
const SYNC_CHANNEL = 'sparkhouse_listener_sync';

/**
 * The process's one PostgreSQL LISTEN connection: how API nodes push small facts to each other
 * (a projection moved on, a session was revoked, events were committed). Connected on first use and
 * again after a loss; whoever depends on not missing a notification registers `onReset`, called when
 * notifications may have been missed (the connection dropped), and again once it is back.
 */
@Injectable()
export class PgListener implements OnApplicationShutdown {
  private readonly logger = new Logger('PgListener');
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  /** Channels a LISTEN was sent for (a new connection listens to every channel with handlers before use). */
  private readonly listened = new Map<string, Promise<void>>();
  private readonly resetHandlers = new Set<() => void>();
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Whether notifications are arriving right now (false before the first connection and after a loss). */
  get listening(): boolean {
    return this.client !== null;
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<void> {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    let listening = this.listened.get(channel);
    if (!listening) {
      listening = this.connect().then(async (client) => {
        await client.query(`listen ${quoteIdent(channel)}`);
      });
      this.listened.set(channel, listening);
      listening.catch(() => this.listened.delete(channel));
    }
    await listening;
  }

  onReset(handler: () => void): void {
    this.resetHandlers.add(handler);
  }

  /** Sends a notification on the listening connection (committed at once: it runs outside any transaction). */
  async notify(channel: string, payload = ''): Promise<void> {
    const client = await this.connect();
    await client.query('select pg_notify($1, $2)', [channel, payload]);
  }

  /**
   * Resolves once every notification committed before this call has reached this process (or after
   * `timeoutMs`): PostgreSQL delivers notifications in commit order on all channels, so a marker sent
   * now arrives after them. Answers whether the marker came back.
   */
  async sync(timeoutMs: number): Promise<boolean> {
    const marker = randomUUID();
    let arrived!: () => void;
    const back = new Promise<void>((resolve) => (arrived = resolve));
    const handler = (payload: string) => {
      if (payload === marker) arrived();
    };
    await this.listen(SYNC_CHANNEL, handler);
    let timer: NodeJS.Timeout | undefined;
    try {
      await this.notify(SYNC_CHANNEL, marker);
      return await Promise.race([
        back.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
      ]);
    } finally {
      clearTimeout(timer);
      this.handlers.get(SYNC_CHANNEL)?.delete(handler);
    }
  }

  async onApplicationShutdown() {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    if (this.closed) return Promise.reject(new Error('PgListener is shut down'));
    this.connecting ??= this.open().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async open(): Promise<Client> {
    const client = new Client({ connectionString: this.config.DATABASE_URL, application_name: 'sparkhouse-listener' });
    client.on('notification', (n) => {
      for (const h of this.handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      if (!this.closed) this.logger.warn({ err }, 'listening connection lost; reconnecting');
      this.reset();
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`listen ${quoteIdent(channel)}`);
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('PgListener is shut down');
    }
    this.client = client;
    this.reset();
    return client;
  }

  private reset() {
    for (const h of this.resetHandlers) h();
  }

  private scheduleReconnect() {
    if (this.closed || this.reconnectTimer || this.handlers.size === 0) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((err) => {
        this.logger.warn({ err }, 'could not reconnect the listening connection');
        this.scheduleReconnect();
      });
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
