import { Injectable } from '@nestjs/common';
import { StripeSupport } from '../infra/stripe-support';

export interface CardData {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The card a customer keeps with the payment provider (GET /payments/getCardData), or null when none. */
@Injectable()
export class CardDataQuery {
  constructor(private readonly stripe: StripeSupport) {}

  async cardOf(userId: string): Promise<CardData | null> {
    const customer = await this.stripe.customerOf(userId);
    if (!customer) return null;
    const stripe = await this.stripe.stripe();
    const methods = await stripe.paymentMethods.list({ customer, type: 'card', limit: 1 });
    const card = methods.data[0]?.card;
    if (!card) return null;
    return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
  }
}
