import { Module } from '@nestjs/common';

/**
 * Commerce (cart, checkout, purchases, subscriptions, credits, refunds). Built so far: the local
 * Stripe-compatible emulator in stripe-emulator/, which the stripe SDK is pointed at by default.
 * This module is not registered in the application yet: its calls, webhook and projections come
 * with the commerce issue.
 */
@Module({})
export class CommerceModule {}
