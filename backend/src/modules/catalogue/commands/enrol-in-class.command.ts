import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { ClassEnrolled, type catalogue } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { isClassActive } from '../domain/class-enrolment';
import { streams } from '../domain/product-state';
import { cardOf, loadProduct, productView } from '../infra/product-stream';

/** Enrol a user in a class between two dates; enrolling again moves the dates. */
export class EnrolInClass {
  constructor(
    readonly userId: string,
    readonly productId: string,
    readonly classStartDate: string,
    readonly classEndDate: string,
  ) {}
}

@CommandHandler(EnrolInClass)
export class EnrolInClassHandler implements ICommandHandler<EnrolInClass, catalogue.EnrolledClass> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(c: EnrolInClass) {
    return this.orm.em.fork().transactional(async (tem) => {
      const product = await loadProduct(tem, this.events, c.productId);
      const dates = {
        classStartDate: new Date(c.classStartDate).toISOString(),
        classEndDate: new Date(c.classEndDate).toISOString(),
      };
      await this.events.append(tem, streams.enrolment(c.userId, c.productId), [
        {
          type: ClassEnrolled.type,
          payload: { userId: c.userId, productId: c.productId, classSlug: product.classSlug, ...dates },
        },
      ]);
      return {
        productId: c.productId,
        classSlug: product.classSlug,
        ...dates,
        isActive: isClassActive(dates, new Date()),
        product: cardOf(productView(product)),
      };
    });
  }
}
