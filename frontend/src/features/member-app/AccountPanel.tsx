import type { MemberHome, ReminderSlot } from '@sparkhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api';
import { callApi } from '../../api/call-api';
import { memberApp } from '../../api/routes';
import { Button } from '../../ui';
import { memberKeys, type AppAddress } from './member-app.queries';

const SLOTS: { value: ReminderSlot | 'none'; label: string }[] = [
  { value: 'morning', label: 'Morning (8:00)' },
  { value: 'midday', label: 'Midday (12:00)' },
  { value: 'evening', label: 'Evening (19:00)' },
  { value: 'none', label: 'No reminders' },
];

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '');

/** The account: the membership as it stands, and the reminder settings. */
export function AccountPanel({ home, address, userId }: { home: MemberHome; address: AppAddress; userId: string }) {
  const sub = home.access.subscription;
  const queryClient = useQueryClient();
  const [slot, setSlot] = useState<ReminderSlot | 'none'>(home.reminders.slot ?? 'none');
  const [weekly, setWeekly] = useState(home.reminders.weeklySummary);
  const save = useMutation({
    mutationFn: () =>
      callApi(memberApp.saveReminderSettings, {
        params: { ...address },
        body: { slot: slot === 'none' ? null : slot, weeklySummary: weekly },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.home(address, userId) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const member = home.access.state === 'member';
  return (
    <div className="ma-account">
      <section className="card" aria-labelledby="ma-membership-title">
        <h2 id="ma-membership-title">Membership</h2>
        {sub ? (
          <p data-testid="membership-status">
            {sub.planDisplayName || 'Membership'} ·{' '}
            {sub.status === 'trialing'
              ? `free trial until ${date(sub.trialEnd)}`
              : sub.status === 'active'
                ? sub.cancelAtPeriodEnd
                  ? `ends on ${date(sub.currentPeriodEnd)}`
                  : `renews on ${date(sub.currentPeriodEnd)}`
                : `ended${sub.canceledAt ? ` on ${date(sub.canceledAt)}` : ''}`}
          </p>
        ) : (
          <p className="muted">No membership.</p>
        )}
      </section>
      <form className="card" onSubmit={submit} aria-labelledby="ma-reminders-title">
        <h2 id="ma-reminders-title">Reminders</h2>
        <p className="muted">By email, in your time zone ({home.reminders.timeZone}).</p>
        <fieldset disabled={!member}>
          <legend>Daily reminder</legend>
          {SLOTS.map((s) => (
            <label key={s.value} className="ma-radio">
              <input type="radio" name="ma-slot" value={s.value} checked={slot === s.value} onChange={() => setSlot(s.value)} />
              {s.label}
            </label>
          ))}
          <label className="ma-radio">
            <input type="checkbox" checked={weekly} onChange={(e) => setWeekly(e.target.checked)} />
            Weekly summary of my week (Sundays)
          </label>
        </fieldset>
        {save.isError && (
          <p className="inline-error" role="alert">
            {errorMessage(save.error)}
          </p>
        )}
        {save.isSuccess && <p role="status">Saved.</p>}
        <Button type="submit" loading={save.isPending} disabled={!member}>
          Save reminders
        </Button>
      </form>
    </div>
  );
}
