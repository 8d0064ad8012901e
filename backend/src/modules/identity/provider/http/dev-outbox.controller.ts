import { Controller, Get, Query } from '@nestjs/common';
import { badRequest } from '../../../../platform/http/errors';
import { normalizeEmail } from '../domain/password-policy';
import { EmailOutbox } from '../../../../platform/mail/email-outbox';

/**
 * The mail (and text messages, `to` a phone number) the product would have sent, newest first, codes
 * in a field of their own. A development tool: mounted only where `developmentTools(config).mailOutbox`
 * allows (never in production).
 */
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(private readonly outbox: EmailOutbox) {}

  @Get()
  async read(@Query('to') to: unknown) {
    // PostgreSQL cannot hold a NUL (or any control character) in text: no address has one
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    if (typeof to === 'string' && /[\u0000-\u001f\u007f]/.test(to))
      throw badRequest('to must be an email address or a phone number.');
    const phone = typeof to === 'string' && /^\+[1-9]\d{6,14}$/.test(to.trim()) ? to.trim() : null;
    const address = phone ?? (typeof to === 'string' ? normalizeEmail(to) : null);
    return { messages: address ? await this.outbox.readFor(address) : [] };
  }
}
