import { Controller, Get, Inject, NotFoundException, Query } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { normalizeEmail } from '../domain/password-policy';
import { EmailOutbox } from '../infra/email-outbox';

/** Outside production: the mail the product would have sent, newest first, codes in a field of their own. */
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(
    private readonly outbox: EmailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async read(@Query('to') to: unknown) {
    // answered exactly like a route that does not exist
    if (this.config.NODE_ENV === 'production') throw new NotFoundException();
    const email = typeof to === 'string' ? normalizeEmail(to) : null;
    return { messages: email ? await this.outbox.readFor(email) : [] };
  }
}
