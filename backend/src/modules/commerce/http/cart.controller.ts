import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { commerce } from '@sparkhouse/contracts';
import { ProductBrowseQueries } from '../../catalogue';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { UpdateCart } from '../commands/update-cart.command';
import { cartItems } from '../queries/cart-items.query';
import { StartPurchase, type StartPurchaseResult } from '../commands/start-purchase.command';
import { centsToDollars } from '../domain/credit';
import { CardDataQuery } from '../queries/card-data.query';
import { CommerceQueries } from '../queries/commerce.query';
import { caller } from './caller';

const result = (r: StartPurchaseResult): commerce.PurchaseResult => ({
  completed: r.completed,
  url: r.url,
  sessionId: r.sessionId,
  purchasedProductIds: r.purchasedProductIds,
  alreadyOwnedProductIds: r.alreadyOwnedProductIds,
  checkoutProductIds: r.checkoutProductIds,
  creditSpentInCents: r.creditSpentInCents,
  lines: r.lines,
});

/** The legacy cart, purchase, credit and card calls. */
@Controller()
export class CartController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: CommerceQueries,
    private readonly products: ProductBrowseQueries,
    private readonly cards: CardDataQuery,
  ) {}

  @Endpoint(commerce.updateCart)
  async updateCart(@Input() { body }: CallInput<typeof commerce.updateCart>) {
    const cart = await this.commands.execute(new UpdateCart(caller().id, body.product_ids, body.offer_valid ?? null));
    return { cart };
  }

  @Endpoint(commerce.getCart)
  async getCart() {
    const saved = await this.queries.cart(caller().id);
    return {
      cart: {
        productsInCart: await cartItems(this.products, saved.productIds),
        lastUpdated: saved.updatedAt,
        offerValid: saved.offerValid,
      },
    };
  }

  @Endpoint(commerce.purchase)
  async purchase(@Input() { body }: CallInput<typeof commerce.purchase>) {
    const me = caller();
    return result(
      await this.commands.execute(
        new StartPurchase(me.id, me.email, [body.product_id], body.payment_info, body.success_url, body.cancel_url),
      ),
    );
  }

  @Endpoint(commerce.purchaseItems)
  async purchaseItems(@Input() { body }: CallInput<typeof commerce.purchaseItems>) {
    const me = caller();
    return result(
      await this.commands.execute(
        new StartPurchase(me.id, me.email, body.product_ids, body.payment_info, body.success_url, body.cancel_url),
      ),
    );
  }

  @Endpoint(commerce.getMonthlyCreditForUser)
  async monthlyCredit() {
    return { monthlyCreditInfo: { monthlyCredit: centsToDollars(await this.queries.creditInCents(caller().id)) } };
  }

  @Endpoint(commerce.getCardData)
  async cardData() {
    return { cardData: await this.cards.cardOf(caller().id) };
  }
}
