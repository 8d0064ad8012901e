import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { rows } from '../database/sql';
import { testConfig, useTestOrm } from '../../test-support';
import { EmailOutbox } from './email-outbox';

/** A minimal SMTP server that keeps the DATA of every message it accepts. */
function smtpSink(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = null;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, messages })),
  );
}

/**
 * The outbox keeps a message's extra headers (a reminder's List-Unsubscribe, RFC 8058) and the mail
 * transport sends them; headers that would forge the envelope or split a line are refused.
 */
describe('the email outbox', () => {
  const db = useTestOrm();
  let sink: Awaited<ReturnType<typeof smtpSink>>;
  beforeAll(async () => {
    sink = await smtpSink();
  });
  afterAll(() => new Promise<void>((resolve) => sink.server.close(() => resolve())));

  const unsubscribe = {
    'List-Unsubscribe': '<https://sparkhouse.example/api/apps/member/unsubscribe?token=abc.def>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };

  it('stores the headers of each message (one or many at once) and the transport sends them', async () => {
    const outbox = new EmailOutbox(db.orm, testConfig(db.url, { SMTP_URL: `smtp://127.0.0.1:${sink.port}` }));
    const [one, plain] = await db.orm.em.fork().transactional((tem) =>
      outbox.writeMany(tem, [
        { to: 'reader@example.com', subject: 'Time for today', text: 'Hi', code: null, headers: unsubscribe },
        { to: 'plain@example.com', subject: 'No headers', text: 'Hi', code: null },
      ]),
    );
    const single = await db.orm.em
      .fork()
      .transactional((tem) =>
        outbox.write(tem, { to: 'single@example.com', subject: 'One', text: 'Hi', code: null, headers: { 'X-Kind': 'test' } }),
      );
    const stored = await rows<{ id: string; headers: Record<string, string> }>(
      db.orm.em.fork(),
      'select id::text, headers from email_outbox where id = any(?::bigint[]) order by id',
      [[one, plain, single]],
    );
    expect(stored.map((r) => r.headers)).toEqual([unsubscribe, {}, { 'X-Kind': 'test' }]);

    await outbox.deliver(one);
    await outbox.deliver(plain);
    expect(sink.messages).toHaveLength(2);
    // long header lines are folded (RFC 5322); a mail client unfolds them
    const [withHeaders, without] = sink.messages.map((m) => m.replace(/\r\n[ \t]+/g, ' '));
    expect(withHeaders).toContain('List-Unsubscribe: <https://sparkhouse.example/api/apps/member/unsubscribe?token=abc.def>');
    expect(withHeaders).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(withHeaders).toContain('Subject: Time for today');
    expect(without).not.toContain('List-Unsubscribe');
    const sent = await rows<{ sent: boolean }>(
      db.orm.em.fork(),
      'select sent_at is not null as sent from email_outbox where id = ?',
      [one],
    );
    expect(sent[0].sent).toBe(true);
  });

  it('refuses a header that would set the envelope or break a line, and writes nothing', async () => {
    const outbox = new EmailOutbox(db.orm, testConfig(db.url));
    const count = async () => (await rows<{ n: number }>(db.orm.em.fork(), 'select count(*)::int as n from email_outbox'))[0].n;
    const before = await count();
    const write = (headers: Record<string, string>) =>
      db.orm.em
        .fork()
        .transactional((tem) => outbox.write(tem, { to: 'x@example.com', subject: 'S', text: 'T', code: null, headers }));
    await expect(write({ Bcc: 'everyone@example.com' })).rejects.toThrow('Header Bcc cannot be set.');
    await expect(write({ 'X-Note': 'one\r\nBcc: everyone@example.com' })).rejects.toThrow('Header X-Note must be one line.');
    await expect(write({ 'Bad Name': 'v' })).rejects.toThrow('Header Bad Name cannot be set.');
    expect(await count()).toBe(before);
  });
});
