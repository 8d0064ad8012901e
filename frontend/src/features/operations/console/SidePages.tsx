import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/api-error';
import { QueryList, QueryView } from '../../catalogue';
import { Button, TagChip, type TagTone } from '../../../ui';
import { useMembers, useOutboxEmails, usePageViews, useRetryEmail, useSetRole, useWebhookDeliveries } from './console-api';
import { useOpsAccess } from './OpsLayout';
import { formatMs, formatTime, InlineSelect, OpsSection, OpsTable, Options, Pager, SubmitRow } from './parts';

const EMAIL_TONES: Record<string, TagTone> = { sent: 'success', failed: 'danger', pending: 'primary', held: 'neutral' };

/** Older/Newer buttons over numeric id cursors. */
function usePager() {
  const [stack, setStack] = useState<string[]>([]);
  return {
    cursor: stack[stack.length - 1],
    older: (next: string) => setStack((s) => [...s, next]),
    newer: () => setStack((s) => s.slice(0, -1)),
    reset: () => setStack([]),
    hasNewer: stack.length > 0,
  };
}

/** /ops/emails: the email outbox (never bodies or codes). */
export function EmailsPage() {
  const [state, setState] = useState<'' | 'held' | 'pending' | 'sent' | 'failed'>('');
  const pager = usePager();
  const emails = useOutboxEmails({ state: state || undefined, cursor: pager.cursor, limit: 50 });
  const retry = useRetryEmail();
  const access = useOpsAccess();
  return (
    <OpsSection
      id="emails"
      title="Email outbox"
      aside={
        <InlineSelect
          label="State"
          value={state}
          onChange={(value) => {
            setState(value as typeof state);
            pager.reset();
          }}
        >
          <option value="">Any</option>
          <option value="held">Held (no SMTP)</option>
          <option value="pending">Pending</option>
          <option value="failed">Failed</option>
          <option value="sent">Sent</option>
        </InlineSelect>
      }
    >
      {emails.data && !emails.data.smtpConfigured && (
        <p className="muted">No SMTP server is configured (SMTP_URL): mail is kept here and not sent.</p>
      )}
      <QueryList query={emails} loading="Loading the outbox" items={(data) => data.emails} empty="No emails.">
        {(list, data) => (
          <OpsTable
            label="Emails"
            columns={['To', 'Subject', 'State', 'Tries', 'Written']}
            moreColumns={<th scope="col" aria-label="Actions" />}
          >
            {list.map((m) => (
              <tr key={m.id}>
                <td>{m.to}</td>
                <td>
                  {m.subject}
                  {m.headerNames.length > 0 && <span className="muted ops-email__headers">{m.headerNames.join(', ')}</span>}
                </td>
                <td>
                  <TagChip tone={EMAIL_TONES[m.state]}>{m.state}</TagChip>
                  {m.lastError && <span className="inline-error"> {m.lastError}</span>}
                </td>
                <td>{m.attempts}</td>
                <td>{formatTime(m.createdAt)}</td>
                <td>
                  {access.canAct && m.state !== 'sent' && data.smtpConfigured && (
                    <Button
                      size="small"
                      variant="secondary"
                      loading={retry.isPending && retry.variables === m.id}
                      onClick={() => retry.mutate(m.id)}
                    >
                      Retry
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </OpsTable>
        )}
      </QueryList>
      {retry.isError && <p className="inline-error">{errorMessage(retry.error)}</p>}
      <Pager hasNewer={pager.hasNewer} nextCursor={emails.data?.nextCursor} onNewer={pager.newer} onOlder={pager.older} />
    </OpsSection>
  );
}

/** /ops/webhooks: every Stripe webhook delivery and how it was answered. */
export function WebhooksPage() {
  const pager = usePager();
  const deliveries = useWebhookDeliveries({ cursor: pager.cursor, limit: 50 });
  return (
    <OpsSection id="webhooks" title="Stripe webhook deliveries">
      <QueryList
        query={deliveries}
        loading="Loading the deliveries"
        items={(data) => data.deliveries}
        empty="No webhook has been delivered yet."
      >
        {(list) => (
          <OpsTable label="Webhook deliveries" columns={['Event', 'Type', 'Received', 'Outcome', 'Answer', 'Took']}>
            {list.map((d) => (
              <tr key={d.id}>
                <td>
                  <code>{d.eventId ?? '–'}</code>
                </td>
                <td>{d.type ?? '–'}</td>
                <td>{formatTime(d.receivedAt)}</td>
                <td>
                  <TagChip
                    tone={
                      d.outcome === 'processed'
                        ? 'success'
                        : d.duplicate
                          ? 'neutral'
                          : d.httpStatus >= 400 || d.outcome === 'failed'
                            ? 'danger'
                            : 'warning'
                    }
                  >
                    {d.duplicate ? 'duplicate' : d.outcome}
                  </TagChip>
                  {d.error && <span className="inline-error"> {d.error}</span>}
                </td>
                <td>{d.httpStatus}</td>
                <td>{formatMs(d.durationMs)}</td>
              </tr>
            ))}
          </OpsTable>
        )}
      </QueryList>
      <Pager hasNewer={pager.hasNewer} nextCursor={deliveries.data?.nextCursor} onNewer={pager.newer} onOlder={pager.older} />
    </OpsSection>
  );
}

/** /ops/analytics: page views per route per day, from the analytics collector. */
export function AnalyticsPage() {
  const [days, setDays] = useState(14);
  const views = usePageViews(days);
  return (
    <OpsSection
      id="analytics"
      title="Page views per route"
      aside={
        <InlineSelect label="Days" value={days} onChange={(value) => setDays(Number(value))}>
          <Options values={[7, 14, 30, 90]} />
        </InlineSelect>
      }
    >
      <QueryList
        query={views}
        loading="Counting page views"
        items={(data) => data.routes}
        empty="No page views recorded in these days."
      >
        {(routes, data) => (
          <OpsTable
            label="Page views per route per day"
            numbers
            columns={['Route', 'Total']}
            moreColumns={data.days.map((d) => (
              <th scope="col" key={d}>
                {d.slice(5)}
              </th>
            ))}
          >
            {routes.map((r) => (
              <tr key={r.route}>
                <th scope="row">
                  <code>{r.route}</code>
                </th>
                <td>
                  <strong>{r.total}</strong>
                </td>
                {r.perDay.map((n, i) => (
                  <td key={i} className={n === 0 ? 'muted' : undefined}>
                    {n}
                  </td>
                ))}
              </tr>
            ))}
          </OpsTable>
        )}
      </QueryList>
    </OpsSection>
  );
}

/** /ops/members (admins): who may use the console. */
export function MembersPage() {
  const access = useOpsAccess();
  const members = useMembers(access.role === 'admin');
  const setRole = useSetRole();
  const [message, setMessage] = useState<string | null>(null);
  if (access.role !== 'admin') return <p className="muted">Only admins manage the team.</p>;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setMessage(null);
    setRole.mutate(
      { email: String(form.get('email')), role: form.get('role') as 'operator' | 'viewer' | 'none' },
      {
        onSuccess: (r) =>
          setMessage(`${r.email} is now ${r.role ?? 'not in the team'}. It applies at their next sign-in (15 minutes at most).`),
      },
    );
  };
  return (
    <div className="ops-stack">
      <form className="card ops-filters" onSubmit={submit} aria-label="Give a role">
        <label>
          <span>Email</span>
          <input name="email" type="email" required />
        </label>
        <label>
          <span>Role</span>
          <select name="role" defaultValue="viewer">
            <option value="viewer">Viewer (reads only)</option>
            <option value="operator">Operator (may act)</option>
            <option value="none">None</option>
          </select>
        </label>
        <SubmitRow label="Set role" busy={setRole.isPending} />
        {setRole.isError && <p className="inline-error">{errorMessage(setRole.error)}</p>}
        {message && <p role="status">{message}</p>}
      </form>
      <OpsSection id="members" title="The operations team">
        <QueryView query={members} loading="Loading the team">
          {(data) => (
            <ul className="ops-members stack-list">
              {data.members.map((m) => (
                <li key={m.userId}>
                  {m.email} <TagChip tone={m.role === 'admin' ? 'primary' : 'neutral'}>{m.role}</TagChip>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </OpsSection>
    </div>
  );
}
