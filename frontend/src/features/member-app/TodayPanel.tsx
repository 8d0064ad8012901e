import type { MemberHome } from '@sparkhouse/contracts';
import { useState } from 'react';
import { Button } from '../../ui';
import type { useMemberActions } from './member-app.queries';

type Actions = ReturnType<typeof useMemberActions>;

const MOODS = ['Low', 'Meh', 'Okay', 'Good', 'Great'];
const EFFORTS = ['Easy', 'Light', 'Fair', 'Hard', 'All out'];

/** Today: the current phase, today's step, what is done, the streak, and a one-tap check-in. */
export function TodayPanel({ home, actions, readOnly }: { home: MemberHome; actions: Actions; readOnly: boolean }) {
  const [busy, setBusy] = useState(false);
  const plan = home.plan;
  if (!plan || plan.status !== 'completed')
    return (
      <div className="state-box" role="status">
        <h2 className="state-box__title">
          {plan?.status === 'error' ? 'Your plan could not be made' : 'Your plan is being made'}
        </h2>
        <p className="muted">
          {plan ? 'It appears here as soon as it is ready.' : 'Finish the onboarding to get your personalized plan.'}
        </p>
      </div>
    );
  const current = plan.phases.find((p) => p.state === 'current');
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ma-today">
      <section className="card ma-streak" aria-label="Your streak">
        <p className="ma-streak__count" data-testid="streak">
          {home.progress.streak}
        </p>
        <p className="muted">day streak</p>
        <p className="ma-streak__marks">
          <span data-done={home.progress.doneToday}>{home.progress.doneToday ? '✓ Session done' : '○ Session'}</span>
          <span data-done={home.progress.checkedInToday}>{home.progress.checkedInToday ? '✓ Checked in' : '○ Check-in'}</span>
        </p>
      </section>

      {home.progress.completed || !current ? (
        <section className="card" aria-labelledby="ma-complete">
          <h2 id="ma-complete">Program complete 🎉</h2>
          <p className="muted">You finished every phase of {plan.title ?? 'your plan'}.</p>
        </section>
      ) : (
        <section className="card ma-step" aria-labelledby="ma-step-title" data-testid="today-step">
          <p className="ma-eyebrow">
            Phase {current.number} of {plan.phases.length}
            {current.when ? ` · ${current.when}` : ''}
          </p>
          <h2 id="ma-step-title">{current.title}</h2>
          {current.description && <p>{current.description}</p>}
          <p className="muted" data-testid="sessions-done">
            Sessions: {current.sessionsDone} of {current.sessionsTarget}
          </p>
          {!readOnly && (
            <div className="ma-step__actions">
              <Button
                onClick={() => void run(() => actions.completeSession(current.phaseId))}
                loading={busy}
                disabled={home.progress.doneToday}
              >
                {home.progress.doneToday ? "Today's session is done" : "Mark today's session done"}
              </Button>
              <Button
                variant={current.sessionsDone >= current.sessionsTarget ? 'primary' : 'secondary'}
                onClick={() => void run(() => actions.completePhase(current.phaseId))}
                disabled={busy}
              >
                Finish phase and move on
              </Button>
            </div>
          )}
        </section>
      )}

      {!readOnly && !home.progress.checkedInToday && <QuickCheckIn actions={actions} />}
    </div>
  );
}

/** The one-tap check-in: a mood, an effort, and an optional note. */
export function QuickCheckIn({ actions }: { actions: Actions }) {
  const [mood, setMood] = useState<number | null>(null);
  const [effort, setEffort] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (mood === null || effort === null) return;
    setSaving(true);
    try {
      await actions.checkIn({ mood, effort, ...(note.trim() ? { note: note.trim() } : {}) });
      setMood(null);
      setEffort(null);
      setNote('');
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card ma-checkin" aria-labelledby="ma-checkin-title">
      <h2 id="ma-checkin-title">How was today?</h2>
      <fieldset className="ma-scale">
        <legend>Mood</legend>
        {MOODS.map((m, i) => (
          <button
            key={m}
            type="button"
            className="ma-scale__choice"
            aria-pressed={mood === i + 1}
            aria-label={`Mood ${i + 1} of 5`}
            onClick={() => setMood(i + 1)}
          >
            {m}
          </button>
        ))}
      </fieldset>
      <fieldset className="ma-scale">
        <legend>Effort</legend>
        {EFFORTS.map((label, i) => (
          <button
            key={label}
            type="button"
            className="ma-scale__choice"
            aria-pressed={effort === i + 1}
            aria-label={`Effort ${i + 1} of 5`}
            onClick={() => setEffort(i + 1)}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <label className="ma-note">
        <span>Note (optional)</span>
        <textarea value={note} maxLength={500} rows={2} onChange={(e) => setNote(e.target.value)} />
      </label>
      <Button onClick={() => void save()} loading={saving} disabled={mood === null || effort === null}>
        Save check-in
      </Button>
    </section>
  );
}

/** The whole program, phase by phase, with what is done. */
export function ProgramPanel({ home }: { home: MemberHome }) {
  const plan = home.plan;
  if (!plan || plan.phases.length === 0)
    return (
      <div className="state-box state-box--empty">
        <h2 className="state-box__title">No program yet</h2>
        <p className="muted">Your plan appears here once it is ready.</p>
      </div>
    );
  return (
    <section aria-labelledby="ma-program-title">
      <h2 id="ma-program-title">{plan.title ?? 'Your program'}</h2>
      {plan.summary && <p className="muted">{plan.summary}</p>}
      <p>
        {home.progress.phasesDone} of {home.progress.phaseCount} phases done · {home.progress.sessionsDone} sessions
        {plan.targetDate ? ` · ${plan.timeToTargetLabel}: ${plan.targetDate}` : ''}
      </p>
      <ol className="ma-phases">
        {plan.phases.map((p) => (
          <li key={p.phaseId} className="ma-phase" data-state={p.state}>
            <span className="ma-phase__mark" aria-hidden="true">
              {p.state === 'done' ? '✓' : p.number}
            </span>
            <div>
              <p className="ma-phase__title">
                {p.title} <span className="visually-hidden">({p.state})</span>
              </p>
              <p className="muted">
                {p.when ? `${p.when} · ` : ''}
                {p.sessionsDone} of {p.sessionsTarget} sessions
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
