import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxMessage } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { rows, run } from '../../../../platform/database/sql';

export interface Email {
  to: string;
  subject: string;
  text: string;
  code: string | null;
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
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Inside the command's transaction. Answers the row id for `deliver`. */
  async write(em: EntityManager, email: Email): Promise<string> {
    const found = await rows<{ id: string }>(
      em,
      'insert into email_outbox (to_address, subject, text, code) values (?, ?, ?, ?) returning id::text',
      [email.to, email.subject, email.text, email.code],
    );
    return found[0].id;
  }

  /** After commit. Failures are logged; the row stays unsent. */
  async deliver(id: string | null): Promise<void> {
    if (!id || !this.config.SMTP_URL) return;
    const em = this.orm.em.fork();
    const [row] = await rows<{ to_address: string; subject: string; text: string }>(
      em,
      'select to_address, subject, text from email_outbox where id = ? and sent_at is null',
      [id],
    );
    if (!row) return;
    try {
      this.transport ??= nodemailer.createTransport(this.config.SMTP_URL);
      await this.transport.sendMail({ from: this.config.SMTP_FROM, to: row.to_address, subject: row.subject, text: row.text });
      await run(em, `update email_outbox set sent_at = now(), code = null, text = '[sent]' where id = ?`, [id]);
    } catch (err) {
      this.logger.error({ err, outboxId: id }, 'sending email failed');
    }
  }

  /** Newest first (development and tests only). */
  async readFor(to: string, limit = 50): Promise<OutboxMessage[]> {
    const found = await rows<{ to_address: string; subject: string; text: string; code: string | null; created_at: Date }>(
      this.orm.em.fork(),
      'select to_address, subject, text, code, created_at from email_outbox where to_address = ? order by id desc limit ?',
      [to, limit],
    );
    return found.map((r) => ({
      to: r.to_address,
      subject: r.subject,
      text: r.text,
      code: r.code,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }
}
