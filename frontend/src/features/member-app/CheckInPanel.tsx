import type { MemberHome } from '@sparkhouse/contracts';
import { QuickCheckIn } from './TodayPanel';
import type { useMemberActions } from './member-app.queries';

type Actions = ReturnType<typeof useMemberActions>;

/** Mood and effort by day (the day's average), the last 30 days, as two lines. */
export function CheckInChart({ checkIns, today }: { checkIns: MemberHome['checkIns']; today: string }) {
  const days = Array.from({ length: 30 }, (_, i) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - (29 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  const byDay = new Map<string, { mood: number; effort: number; n: number }>();
  for (const c of checkIns) {
    const d = byDay.get(c.localDate) ?? { mood: 0, effort: 0, n: 0 };
    byDay.set(c.localDate, { mood: d.mood + c.mood, effort: d.effort + c.effort, n: d.n + 1 });
  }
  const W = 300;
  const H = 100;
  const x = (i: number) => 10 + (i * (W - 20)) / 29;
  const y = (v: number) => H - 10 - ((v - 1) * (H - 20)) / 4;
  const line = (pick: 'mood' | 'effort') =>
    days
      .map((d, i) => {
        const v = byDay.get(d);
        return v ? `${x(i)},${y(v[pick] / v.n)}` : null;
      })
      .filter(Boolean)
      .join(' ');
  const points = (pick: 'mood' | 'effort') =>
    days.map((d, i) => {
      const v = byDay.get(d);
      return v ? <circle key={`${pick}-${d}`} cx={x(i)} cy={y(v[pick] / v.n)} r={2.5} className={`ma-chart__${pick}`} /> : null;
    });
  return (
    <figure className="ma-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Mood and effort over the last 30 days: ${checkIns.length} check-ins`}
      >
        {[1, 3, 5].map((v) => (
          <line key={v} x1={10} x2={W - 10} y1={y(v)} y2={y(v)} className="ma-chart__grid" />
        ))}
        <polyline points={line('mood')} className="ma-chart__mood" fill="none" />
        <polyline points={line('effort')} className="ma-chart__effort" fill="none" />
        {points('mood')}
        {points('effort')}
      </svg>
      <figcaption className="muted">
        <span className="ma-key ma-key--mood">Mood</span> <span className="ma-key ma-key--effort">Effort</span> · last 30 days
      </figcaption>
    </figure>
  );
}

/** Check-ins: today's (when not done yet), the chart, and the history. */
export function CheckInPanel({ home, actions, readOnly }: { home: MemberHome; actions: Actions; readOnly: boolean }) {
  return (
    <div className="ma-checkins">
      {!readOnly && <QuickCheckIn actions={actions} />}
      <section aria-labelledby="ma-history-title">
        <h2 id="ma-history-title">Your check-ins</h2>
        {home.checkIns.length === 0 ? (
          <p className="muted">No check-ins yet: your first one starts the chart.</p>
        ) : (
          <>
            <CheckInChart checkIns={home.checkIns} today={home.today} />
            <ul className="ma-history" data-testid="check-in-history">
              {home.checkIns.map((c) => (
                <li key={c.clientId}>
                  <strong>{c.localDate}</strong> · mood {c.mood}/5 · effort {c.effort}/5
                  {c.note ? <span className="muted"> — {c.note}</span> : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
