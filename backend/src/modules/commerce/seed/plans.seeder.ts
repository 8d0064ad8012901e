import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SeedsDemoData, type Seeder } from '../../../platform/database/seeders';
import { DefinePriceOptions } from '../commands/define-price-options.command';
import { StripeGateway } from '../infra/stripe-gateway';
import { CREATOR_PLATFORM, MEMBERSHIP } from '../domain/payment-options';

/**
 * Puts the platform's own plans on sale on a new database, through DefinePriceOptions (so the Stripe
 * products and prices exist and the events are recorded): the Sparkhouse membership (monthly and
 * yearly, a 7-day trial, class credit each paid period) and the creator platform's tiers.
 */
@SeedsDemoData()
@Injectable()
export class PlansSeeder implements Seeder {
  readonly name = 'commerce.plans';
  private readonly logger = new Logger('CommercePlans');

  constructor(
    private readonly commands: CommandBus,
    private readonly gateway: StripeGateway,
  ) {}

  notYet(): string | null {
    return this.gateway.available ? null : 'payments are off (no STRIPE_SECRET_KEY)';
  }

  async seed(): Promise<void> {
    await this.commands.execute(
      new DefinePriceOptions(
        MEMBERSHIP.storefrontSlug,
        MEMBERSHIP.appSlug,
        null,
        MEMBERSHIP.name,
        null,
        MEMBERSHIP.options.map((o) => ({ ...o, currency: 'USD', planCategory: 'membership', tierSlug: null })),
        'system',
      ),
    );
    await this.commands.execute(
      new DefinePriceOptions(
        CREATOR_PLATFORM.storefrontSlug,
        CREATOR_PLATFORM.appSlug,
        null,
        'Sparkhouse Creator Platform',
        null,
        CREATOR_PLATFORM.tiers.flatMap((t) => [
          {
            id: `${t.slug}-monthly`,
            amountInCents: t.monthly,
            currency: 'USD',
            interval: 'month' as const,
            intervalCount: 1,
            displayName: `${t.displayName} monthly`,
            description: t.description,
            features: t.features,
            planCategory: t.slug,
            trialDays: 0,
            periodCreditInCents: 0,
            tierSlug: t.slug,
          },
          {
            id: `${t.slug}-yearly`,
            amountInCents: t.yearly,
            currency: 'USD',
            interval: 'year' as const,
            intervalCount: 1,
            displayName: `${t.displayName} yearly`,
            description: t.description,
            features: t.features,
            planCategory: t.slug,
            trialDays: 0,
            periodCreditInCents: 0,
            tierSlug: t.slug,
          },
        ]),
        'system',
      ),
    );
    this.logger.log('membership and creator-platform plans on sale');
  }
}
