import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { JoinedWaitlist } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { ApiError } from '../../../platform/http/errors';
import { streams } from '../domain/product-state';
import { rows } from '../../../platform/database/sql';
import { loadProduct } from '../infra/product-stream';

export const WAITLIST_FAILED = 'Failed to add to waitlist';

/** Join a class's waitlist by product id or class slug. Joining twice records nothing new. */
export class JoinWaitlist {
  constructor(
    readonly email: string,
    readonly target: { productId?: string; classSlug?: string },
    readonly userId: string | null,
    readonly firstName: string | null,
    readonly source: string | null,
  ) {}
}

@CommandHandler(JoinWaitlist)
export class JoinWaitlistHandler implements ICommandHandler<JoinWaitlist, { success: boolean; alreadyOnWaitlist: boolean }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(c: JoinWaitlist) {
    const email = c.email.toLowerCase();
    return this.orm.em.fork().transactional(async (tem) => {
      const productId = c.target.productId ?? (await this.productOfClassSlug(tem, c.target.classSlug!));
      const product = productId ? await loadProduct(tem, this.events, productId).catch(() => null) : null;
      if (!product) throw new ApiError(404, 'NOT_FOUND', `${WAITLIST_FAILED}: no such class.`);
      const appended = await this.events.appendIf(tem, streams.waitlist(product.productId, email), (stream) =>
        stream.length > 0
          ? null
          : [
              {
                type: JoinedWaitlist.type,
                payload: {
                  email,
                  productId: product.productId,
                  classSlug: product.classSlug,
                  userId: c.userId,
                  firstName: c.firstName,
                  source: c.source,
                },
              },
            ],
      );
      return { success: true, alreadyOnWaitlist: appended === null };
    });
  }

  /** Class slugs are unique per storefront; a bare class slug picks its first claim. */
  private async productOfClassSlug(em: Parameters<typeof rows>[0], classSlug: string): Promise<string | null> {
    const [row] = await rows<{ owner_id: string }>(
      em,
      `select owner_id from catalogue_slug_claim where kind = 'product' and split_part(slug, '/', 2) = ? order by slug limit 1`,
      [classSlug],
    );
    return row?.owner_id ?? null;
  }
}
