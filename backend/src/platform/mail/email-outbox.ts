import { Inject, Injectable, Logger } from '@nestjs/common';
import { Database, type Db } from '../database/database';
import type { Transporter } from 'nodemailer';
import type { OutboxMessage } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { rows, run } from '../database/sql';

export type OutboxState = 'held' | 'pending' | 'sent' | 'failed';
export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** The extra headers it carries (e.g. List-Unsubscribe), by name: their values hold links meant for the recipient. */
  headerNames: string[];
}
interface OutboxDbRow {
  id: string;
  to_address: string;
  subject: string;
  created_at: Date;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
  header_names: string[];
}

const LISTED = `id::text, to_address, subject, created_at, sent_at, attempts, last_error,
  array(select jsonb_object_keys(coalesce(headers, '{}'::jsonb)) order by 1) as header_names`;

function stateCondition(state: OutboxState, smtp: boolean): string {
  switch (state) {
    case 'sent':
      return 'sent_at is not null';
    case 'failed':
      return 'sent_at is null and last_error is not null';
    case 'pending':
      return smtp ? 'sent_at is null and last_error is null' : 'false';
    case 'held':
      return smtp ? 'false' : 'sent_at is null and last_error is null';
  }
}

export interface Email {
  to: string;
  subject: string;
  text: string;
  code: string | null;
  /** Headers sent with it beyond To, From and Subject (e.g. List-Unsubscribe, RFC 8058). */
  headers?: Readonly<Record<string, string>>;
}

/** A header name and value the transport may send: a token name, a value on one line. */
function checkHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!/^[A-Za-z0-9-]+$/.test(name) || /^(to|from|subject|cc|bcc)$/i.test(name))
      throw new Error(`Header ${name} cannot be set.`);
    if (/[\r\n]/.test(value)) throw new Error(`Header ${name} must be one line.`);
    out[name] = value;
  }
  return out;
}

/**
 * Mail leaves through the email_outbox table: a command writes its message in its own transaction;
 * after commit, when SMTP_URL is set, it is sent and its code scrubbed from the row. Without SMTP
 * the row stays, readable outside production at GET /api/dev/outbox.
 */
@Injectable()
export class EmailOutbox {
  private readonly logger = new Logger('EmailOutbox');
  private transport: Transporter | null = null;

  constructor(
    private readonly orm: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Inside the command's transaction. Answers the row id for `deliver`. */
  async write(em: Db, email: Email): Promise<string> {
    const found = await rows<{ id: string }>(
      em,
      'insert into email_outbox (to_address, subject, text, code, headers) values (?, ?, ?, ?, ?::jsonb) returning id::text',
      [email.to, email.subject, email.text, email.code, JSON.stringify(checkHeaders(email.headers))],
    );
    return found[0].id;
  }

  /** Many at once, inside the command's transaction (one statement). Answers the row ids, in order. */
  async writeMany(em: Db, emails: readonly Email[]): Promise<string[]> {
    if (emails.length === 0) return [];
    const found = await rows<{ id: string }>(
      em,
      `insert into email_outbox (to_address, subject, text, code, headers)
        select to_address, subject, text, code, headers::jsonb
          from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) as m(to_address, subject, text, code, headers)
        returning id::text`,
      [
        emails.map((e) => e.to),
        emails.map((e) => e.subject),
        emails.map((e) => e.text),
        emails.map((e) => e.code),
        emails.map((e) => JSON.stringify(checkHeaders(e.headers))),
      ],
    );
    return found.map((r) => r.id);
  }

  /**
   * After commit. Failures are logged and counted on the row (the console shows them); the row stays
   * unsent. A text message (to a phone number) goes to the email-to-SMS gateway when
   * IDENTITY_SMS_EMAIL_GATEWAY is set, else stays in the outbox.
   */
  async deliver(id: string | null): Promise<void> {
    if (!id || !this.config.SMTP_URL) return;
    const em = this.orm.em.fork();
    try {
      const [row] = await rows<{ to_address: string; subject: string; text: string; headers: Record<string, string> }>(
        em,
        'select to_address, subject, text, headers from email_outbox where id = ? and sent_at is null',
        [id],
      );
      if (!row) return;
      const to = row.to_address.startsWith('+') ? this.smsAddress(row.to_address) : row.to_address;
      if (!to) return;
      // nodemailer is loaded by the first e-mail sent, not in every process at start
      this.transport ??= (await import('nodemailer')).default.createTransport(this.config.SMTP_URL);
      await this.transport.sendMail({
        from: this.config.SMTP_FROM,
        to,
        subject: row.subject,
        text: row.text,
        headers: row.headers,
      });
      await run(
        em,
        `update email_outbox set sent_at = now(), code = null, text = '[sent]', attempts = attempts + 1,
                last_error = null, last_attempt_at = now() where id = ?`,
        [id],
      );
    } catch (err) {
      this.logger.error({ err, outboxId: id }, 'sending email failed');
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await run(em, 'update email_outbox set attempts = attempts + 1, last_error = ?, last_attempt_at = now() where id = ?', [
        reason,
        id,
      ]).catch(() => undefined);
    }
  }

  get smtpConfigured(): boolean {
    return Boolean(this.config.SMTP_URL);
  }

  /** For the operations console: newest first, never the body or the code. */
  async list(q: { state?: OutboxState; to?: string; before?: string; limit: number }): Promise<OutboxRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.to) {
      where.push('to_address = ?');
      params.push(q.to);
    }
    if (q.before) {
      where.push('id < ?::bigint');
      params.push(q.before);
    }
    if (q.state) where.push(stateCondition(q.state, this.smtpConfigured));
    const found = await rows<OutboxDbRow>(
      this.orm.em.fork(),
      `select ${LISTED} from email_outbox
        ${where.length ? `where ${where.join(' and ')}` : ''} order by id desc limit ?`,
      [...params, q.limit],
    );
    return found.map((r) => this.toRow(r));
  }

  async one(id: string): Promise<OutboxRow | null> {
    const [r] = await rows<OutboxDbRow>(this.orm.em.fork(), `select ${LISTED} from email_outbox where id = ?::bigint`, [id]);
    return r ? this.toRow(r) : null;
  }

  private toRow(r: OutboxDbRow): OutboxRow {
    const state: OutboxState = r.sent_at ? 'sent' : r.last_error ? 'failed' : this.smtpConfigured ? 'pending' : 'held';
    return {
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      state,
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: new Date(r.created_at).toISOString(),
      sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
      headerNames: r.header_names ?? [],
    };
  }

  private smsAddress(phone: string): string | null {
    const gateway = this.config.IDENTITY_SMS_EMAIL_GATEWAY;
    return gateway ? `${phone.replace(/\D/g, '')}@${gateway}` : null;
  }

  /** Newest first (development and tests only). */
  async readFor(to: string, limit = 50): Promise<OutboxMessage[]> {
    const found = await rows<{
      to_address: string;
      subject: string;
      text: string;
      code: string | null;
      headers: Record<string, string>;
      created_at: Date;
    }>(
      this.orm.em.fork(),
      'select to_address, subject, text, code, headers, created_at from email_outbox where to_address = ? order by id desc limit ?',
      [to, limit],
    );
    return found.map((r) => ({
      to: r.to_address,
      subject: r.subject,
      text: r.text,
      code: r.code,
      headers: r.headers,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }
}
