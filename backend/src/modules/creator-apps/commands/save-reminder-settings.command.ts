import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NewEvent, ReminderSlot } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { decideReminderSettings, type MemberState } from '../domain/member-program';
import { changeMember } from '../infra/member-stream';

/** The member's reminder settings (daily slot, weekly summary) in their time zone. */
export class SaveReminderSettings {
  constructor(
    readonly appId: string,
    readonly memberId: string,
    readonly slot: ReminderSlot | null,
    readonly weeklySummary: boolean,
    readonly timeZone: string,
    readonly source: 'onboarding' | 'settings' | 'unsubscribe-link',
  ) {}
}

export const decide = (state: MemberState | null, c: SaveReminderSettings): NewEvent[] => decideReminderSettings(state, c);

@CommandHandler(SaveReminderSettings)
export class SaveReminderSettingsHandler implements ICommandHandler<SaveReminderSettings, { applied: boolean }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  execute(command: SaveReminderSettings) {
    return this.orm.em
      .fork()
      .transactional((tem) => changeMember(tem, this.events, command.appId, command.memberId, (s) => decide(s, command)));
  }
}
