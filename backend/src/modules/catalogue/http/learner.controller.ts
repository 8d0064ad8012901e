import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { catalogue } from '@sparkhouse/contracts';
import { isAdmin, type Principal } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { forbidden, notFound, unauthorized } from '../../../platform/http/errors';
import { JoinWaitlist } from '../commands/join-waitlist.command';
import { RecordProgress } from '../commands/record-progress.command';
import { LearnerQueries } from '../queries/learner.query';
import { RecommendationQueries } from '../queries/recommendation.query';

const principal = (): Principal | null => requestContext.current()?.principal ?? null;

/** The signed-in user's id (the calls here are declared access 'user'). */
const userId = (): string => {
  const p = principal();
  if (p?.kind !== 'user') throw unauthorized();
  return p.id;
};

/** A learner's calls: purchases, progress, library, enrolled classes, recommendations, the waitlist. */
@Controller()
export class LearnerController {
  constructor(
    private readonly commands: CommandBus,
    private readonly learner: LearnerQueries,
    private readonly recommendations: RecommendationQueries,
  ) {}

  @Endpoint(catalogue.getUserPurchases)
  async purchases() {
    return { purchases: await this.learner.purchases(userId()) };
  }

  @Endpoint(catalogue.getUserPurchaseForProduct)
  async purchase(@Input() { query }: CallInput<typeof catalogue.getUserPurchaseForProduct>) {
    return { purchase: await this.learner.purchaseFor(userId(), query.product_id) };
  }

  @Endpoint(catalogue.updateProductProgress)
  async updateProgress(@Input() { body }: CallInput<typeof catalogue.updateProductProgress>) {
    const progress = await this.commands.execute(
      new RecordProgress(
        userId(),
        body.product_id,
        body.content_id,
        body.percent_complete,
        body.additional_seconds_watched,
        body.position_in_seconds,
      ),
    );
    return { progress };
  }

  @Endpoint(catalogue.getContentProgress)
  async contentProgress(@Input() { query }: CallInput<typeof catalogue.getContentProgress>) {
    const [progress] = await this.learner.contentProgress(userId(), query.product_id, query.content_id);
    return { progress: progress ?? null };
  }

  @Endpoint(catalogue.getProductProgress)
  async productProgress(@Input() { query }: CallInput<typeof catalogue.getProductProgress>) {
    const progress = await this.learner.productProgress(userId(), query.product_id);
    if (!progress) throw notFound('No such product.');
    return { progress };
  }

  @Endpoint(catalogue.getLibrary)
  async library() {
    return { items: await this.learner.library(userId()) };
  }

  @Endpoint(catalogue.getEnrolledClasses)
  enrolled() {
    return this.learner.enrolledClasses(userId());
  }

  @Endpoint(catalogue.getRecommendations)
  async recommend(@Input() { body }: CallInput<typeof catalogue.getRecommendations>) {
    const who = principal();
    const caller = who?.kind === 'user' ? who.id : null;
    if (body.user_id && body.user_id !== caller && !isAdmin(who)) {
      throw forbidden("Recommendations from someone else's purchases are for admins only.");
    }
    const products = await this.recommendations.recommend({
      seedIds: body.product_ids,
      excludeIds: body.exclude_product_ids,
      userId: body.user_id ?? caller,
      useAllPurchases: body.use_all_purchases,
      limit: body.limit,
    });
    return { products };
  }

  @Endpoint(catalogue.addToWaitlist)
  addToWaitlist(@Input() { body }: CallInput<typeof catalogue.addToWaitlist>) {
    const who = principal();
    return this.commands.execute(
      new JoinWaitlist(
        body.email,
        { productId: body.productId, classSlug: body.classSlug },
        who?.kind === 'user' ? who.id : null,
        body.firstName ?? null,
        body.source ?? null,
      ),
    );
  }
}
