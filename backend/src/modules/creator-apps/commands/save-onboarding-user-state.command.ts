import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { OnboardingUserStateSaved, type OnboardingPagesInfo, type OnboardingUserState } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { badRequest } from '../../../platform/http/errors';
import { stateProblem, visitorStreamId, type VisitedApp } from '../domain/visitors';

/** Keep a visitor's onboarding answers so far and where they are. */
export class SaveOnboardingUserState {
  constructor(
    readonly app: VisitedApp,
    readonly visitorId: string,
    readonly userState: OnboardingUserState,
    readonly pagesInfo: OnboardingPagesInfo,
    readonly testingStepId?: string,
  ) {}
}

@CommandHandler(SaveOnboardingUserState)
export class SaveOnboardingUserStateHandler implements ICommandHandler<SaveOnboardingUserState> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ app, visitorId, userState, pagesInfo, testingStepId }: SaveOnboardingUserState) {
    const problem = stateProblem(app.flow, userState, pagesInfo);
    if (problem) throw badRequest(problem);
    await this.orm.em.fork().transactional((tem) =>
      this.events.append(tem, visitorStreamId(app.appId, visitorId), [
        {
          type: OnboardingUserStateSaved.type,
          payload: { appId: app.appId, visitorId, userState, pagesInfo, ...(testingStepId ? { testingStepId } : {}) },
        },
      ]),
    );
  }
}
