import { deciderSpec } from '../../../test-support/decider-spec';
import { memberModel } from '../infra/member-stream';
import { decide, SaveReminderSettings } from './save-reminder-settings.command';

const changed = (slot: 'morning' | 'evening' | null, weeklySummary: boolean, source: string, timeZone = 'Europe/Paris') => ({
  type: 'MemberReminderSettingsChanged',
  payload: { appId: 'app-1', memberId: 'u1', slot, weeklySummary, timeZone, source },
});

describe('SaveReminderSettings decides', () => {
  const spec = deciderSpec(memberModel, decide);

  it('the onboarding choice is taken once, never over the member’s own settings', () => {
    spec
      .given()
      .when(new SaveReminderSettings('app-1', 'u1', 'evening', true, 'Europe/Paris', 'onboarding'))
      .then([changed('evening', true, 'onboarding')]);
    spec
      .given(changed('morning', false, 'settings'))
      .when(new SaveReminderSettings('app-1', 'u1', 'evening', true, 'Europe/Paris', 'onboarding'))
      .thenNothing();
  });

  it('the same settings again change nothing; a new time zone is a change', () => {
    spec
      .given(changed('morning', true, 'settings'))
      .when(new SaveReminderSettings('app-1', 'u1', 'morning', true, 'Europe/Paris', 'settings'))
      .thenNothing();
    spec
      .given(changed('morning', true, 'settings'))
      .when(new SaveReminderSettings('app-1', 'u1', 'morning', true, 'Asia/Tokyo', 'settings'))
      .then([changed('morning', true, 'settings', 'Asia/Tokyo')]);
  });

  it('the unsubscribe link turns both off', () => {
    spec
      .given(changed('morning', true, 'settings'))
      .when(new SaveReminderSettings('app-1', 'u1', null, false, 'Europe/Paris', 'unsubscribe-link'))
      .then([changed(null, false, 'unsubscribe-link')]);
  });
});
