import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { OffersModule } from '../offers';
import { UpdateCartHandler } from './commands/cart.commands';
import { DefinePriceOptionsHandler } from './commands/price-options.commands';
import { ProcessStripeEventHandler } from './commands/process-stripe-event.command';
import { StartPurchaseHandler } from './commands/start-purchase.command';
import { StartSubscriptionCheckoutHandler } from './commands/start-subscription-checkout.command';
import { CartController } from './http/cart.controller';
import { PaymentsController } from './http/payments.controller';
import { StripeWebhookEndpoint } from './webhooks/stripe-webhook.endpoint';
import { CheckoutClaims } from './infra/checkout-claims';
import { StripeGateway } from './infra/stripe-gateway';
import { StripeSupport } from './infra/stripe-support';
import { WebhookDeliveries } from './infra/webhook-deliveries';
import { WebhookInbox } from './webhooks/webhook-inbox';
import { WebhookTraffic } from './infra/webhook-traffic';
import { CheckoutPushReactor } from './projections/checkout-push.reactor';
import { CommerceProjection } from './projections/commerce.projection';
import { CardDataQuery } from './queries/card-data.query';
import { CommerceQueries } from './queries/commerce.queries';
import { PlansSeeder } from './seed/plans.seeder';

/**
 * Commerce: cart, checkout (Stripe, or the built-in emulator in stripe-emulator/), purchases,
 * subscriptions, monthly credit and refunds. Every change is a command appending events; the Stripe
 * webhook turns the provider's events into those commands.
 */
@Module({
  imports: [CatalogueModule, OffersModule],
  controllers: [PaymentsController, CartController],
  providers: [
    StripeGateway,
    StripeSupport,
    CheckoutClaims,
    StripeWebhookEndpoint,
    WebhookDeliveries,
    WebhookInbox,
    WebhookTraffic,
    CommerceQueries,
    CardDataQuery,
    CommerceProjection,
    CheckoutPushReactor,
    UpdateCartHandler,
    StartPurchaseHandler,
    StartSubscriptionCheckoutHandler,
    DefinePriceOptionsHandler,
    ProcessStripeEventHandler,
    PlansSeeder,
  ],
  exports: [StripeGateway, CommerceQueries, WebhookDeliveries],
})
export class CommerceModule {}
