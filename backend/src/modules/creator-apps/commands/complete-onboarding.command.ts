import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { OnboardingCompleted, type OnboardingPagesInfo, type OnboardingUserState } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { badRequest } from '../../../platform/http/errors';
import { completionProblem, stateProblem, visitorStreamId, type VisitedApp } from '../domain/visitors';

/** Finish the onboarding: every required question answered as its kind asks. */
export class CompleteOnboarding {
  constructor(
    readonly app: VisitedApp,
    readonly visitorId: string,
    readonly finalUserState: OnboardingUserState,
    readonly pagesInfo: OnboardingPagesInfo,
    readonly testingStepId?: string,
  ) {}
}

@CommandHandler(CompleteOnboarding)
export class CompleteOnboardingHandler implements ICommandHandler<CompleteOnboarding> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ app, visitorId, finalUserState, pagesInfo, testingStepId }: CompleteOnboarding) {
    const problem = stateProblem(app.flow, finalUserState, pagesInfo) ?? completionProblem(app.flow, finalUserState.answers);
    if (problem) throw badRequest(problem);
    await this.orm.em.fork().transactional((tem) =>
      this.events.append(tem, visitorStreamId(app.appId, visitorId), [
        {
          type: OnboardingCompleted.type,
          payload: { appId: app.appId, visitorId, finalUserState, pagesInfo, ...(testingStepId ? { testingStepId } : {}) },
        },
      ]),
    );
  }
}
