import type { MemberHome, ReminderSlot } from '@sparkhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api';
import { callApi } from '../../api/call-api';
import { commerce, memberApp } from '../../api/routes';
import { Button, Modal } from '../../ui';
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
          <>
            <p data-testid="membership-status">
              {sub.planDisplayName || 'Membership'} · {statusText(sub)}
            </p>
            {member && (sub.status === 'active' || sub.status === 'trialing') && (
              <RenewalControls sub={sub} address={address} userId={userId} />
            )}
          </>
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

type MemberSubscription = NonNullable<MemberHome['access']['subscription']>;

/** When the membership's current period (or trial) ends. */
const periodEnd = (sub: MemberSubscription) =>
  (sub.status === 'trialing' ? sub.trialEnd : sub.currentPeriodEnd) ?? sub.currentPeriodEnd;

function statusText(sub: MemberSubscription): string {
  if (sub.status === 'trialing' || sub.status === 'active') {
    if (sub.cancelAtPeriodEnd) return `ends on ${date(periodEnd(sub))}`;
    return sub.status === 'trialing' ? `free trial until ${date(sub.trialEnd)}` : `renews on ${date(sub.currentPeriodEnd)}`;
  }
  return `ended${sub.canceledAt ? ` on ${date(sub.canceledAt)}` : ''}`;
}

/** Cancel at period end (after a confirmation) and resume (undo the cancel) before the period ends. */
function RenewalControls({ sub, address, userId }: { sub: MemberSubscription; address: AppAddress; userId: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: (verb: 'cancel' | 'resume') =>
      callApi(verb === 'cancel' ? commerce.cancelSubscription : commerce.resumeSubscription, {
        params: { subscriptionId: sub.subscriptionId },
      }),
    onSuccess: (renewal) => {
      setConfirming(false);
      // the answer is the provider's: shown at once (the member app's read model follows it)
      queryClient.setQueryData<MemberHome>(memberKeys.home(address, userId), (home) =>
        home?.access.subscription
          ? {
              ...home,
              access: {
                ...home.access,
                subscription: {
                  ...home.access.subscription,
                  cancelAtPeriodEnd: renewal.cancelAtPeriodEnd,
                  currentPeriodEnd: renewal.currentPeriodEnd,
                  trialEnd: renewal.trialEnd,
                },
              },
            }
          : home,
      );
    },
  });
  const ends = date(periodEnd(sub));
  return (
    <div className="ma-renewal">
      {sub.cancelAtPeriodEnd ? (
        <>
          <p className="muted">Your membership stops on {ends}. Resume it to keep going after that.</p>
          <Button variant="primary" loading={change.isPending} onClick={() => change.mutate('resume')}>
            Resume membership
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Cancel membership
        </Button>
      )}
      {change.isError && !confirming && (
        <p className="inline-error" role="alert">
          {errorMessage(change.error)}
        </p>
      )}
      {change.isSuccess && <p role="status">{sub.cancelAtPeriodEnd ? 'Membership canceled.' : 'Membership resumed.'}</p>}
      <Modal
        open={confirming}
        onClose={() => !change.isPending && setConfirming(false)}
        title="Cancel your membership?"
        size="small"
      >
        <p>
          You keep everything until {ends}. After that your membership ends instead of renewing; your history stays readable. You
          can resume any time before then.
        </p>
        {change.isError && (
          <p className="inline-error" role="alert">
            {errorMessage(change.error)}
          </p>
        )}
        <div className="ma-renewal__actions">
          <Button variant="secondary" disabled={change.isPending} onClick={() => setConfirming(false)}>
            Keep membership
          </Button>
          <Button variant="destructive" loading={change.isPending} onClick={() => change.mutate('cancel')}>
            Cancel at period end
          </Button>
        </div>
      </Modal>
    </div>
  );
}
