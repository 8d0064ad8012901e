import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { OffersModule } from '../offers';
import { subscriberProviders } from '../../platform/events/define-projection';
import { CancelSubscriptionHandler } from './commands/cancel-subscription.command';
import { ResumeSubscriptionHandler } from './commands/resume-subscription.command';
import { SubscriptionRenewals } from './infra/subscription-renewal';
import { DefinePriceOptionsHandler } from './commands/define-price-options.command';
import { ProcessStripeEventHandler } from './commands/process-stripe-event.command';
import { StartPurchaseHandler } from './commands/start-purchase.command';
import { StartSubscriptionCheckoutHandler } from './commands/start-subscription-checkout.command';
import { UpdateCartHandler } from './commands/update-cart.command';
import { CartController } from './http/cart.controller';
import { PaymentsController } from './http/payments.controller';
import { StripeWebhookEndpoint } from './webhooks/stripe-webhook.endpoint';
import { CheckoutClaims } from './infra/checkout-claims';
import { StripeGateway } from './infra/stripe-gateway';
import { StripeSupport } from './infra/stripe-support';
import { WebhookDeliveryLog } from './infra/webhook-deliveries';
import { WebhookInbox } from './webhooks/webhook-inbox';
import { WebhookTraffic } from './infra/webhook-traffic';
import { buyersProjection } from './projections/buyers.projection';
import { cartsProjection } from './projections/carts.projection';
import { checkoutsProjection } from './projections/checkouts.projection';
import { creditProjection } from './projections/credit.projection';
import { plansProjection } from './projections/plans.projection';
import { subscriptionsProjection } from './projections/subscriptions.projection';
import { CheckoutPushReactor } from './reactors/checkout-push.reactor';
import { CardDataQuery } from './queries/card-data.query';
import { CommerceQueries } from './queries/commerce.query';
import { WebhookDeliveries } from './queries/webhook-deliveries.query';
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
    WebhookDeliveryLog,
    WebhookDeliveries,
    WebhookInbox,
    WebhookTraffic,
    CommerceQueries,
    CardDataQuery,
    ...subscriberProviders(
      cartsProjection,
      plansProjection,
      checkoutsProjection,
      subscriptionsProjection,
      creditProjection,
      buyersProjection,
    ),
    CheckoutPushReactor,
    UpdateCartHandler,
    StartPurchaseHandler,
    StartSubscriptionCheckoutHandler,
    DefinePriceOptionsHandler,
    ProcessStripeEventHandler,
    SubscriptionRenewals,
    CancelSubscriptionHandler,
    ResumeSubscriptionHandler,
    PlansSeeder,
  ],
  exports: [StripeGateway, CommerceQueries, WebhookDeliveries],
})
export class CommerceModule {}
