import type { MemberHome } from '@sparkhouse/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAuth, sessionIdentity } from '../auth';
import { ErrorState, LoadingState, NotFoundState, SignInPrompt, isNotFound } from '../catalogue';
import { useCheckoutStatusLive } from '../payments';
import { ProgressBar } from '../../ui';
import { AccountPanel } from './AccountPanel';
import { CheckInPanel } from './CheckInPanel';
import { LessonsPanel } from './LessonsPanel';
import { memberHomeQuery, memberKeys, useMemberActions, withPending, type AppAddress } from './member-app.queries';
import { useInstallable } from './install';
import { Paywall } from './Paywall';
import { ProgramPanel, TodayPanel } from './TodayPanel';
import './member-app.css';

const TABS = [
  { id: 'today', label: 'Today' },
  { id: 'program', label: 'Program' },
  { id: 'check-ins', label: 'Check-ins' },
  { id: 'lessons', label: 'Lessons' },
  { id: 'account', label: 'Account' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** Back from paying: the membership confirmed (the webhook's push), then the app opens. */
function Joining({ sessionId, address, userId }: { sessionId: string; address: AppAddress; userId: string }) {
  const status = useCheckoutStatusLive(sessionId);
  const queryClient = useQueryClient();
  const done = status.data?.status === 'completed';
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: memberKeys.home(address, userId) });
  }, [done, queryClient, address, userId]);
  return (
    <p className="callout" role="status" aria-live="polite">
      {done ? 'Welcome! Your membership is confirmed.' : 'Your payment went through: confirming your membership…'}
    </p>
  );
}

/**
 * The member app of a published app (/apps/{storefrontSlug}/{appSlug}/app), mobile first: Today (the
 * current phase, today's step, what is done, the streak), the whole program, check-ins with their
 * chart, lessons, and the account (membership, reminders). Works offline with what was loaded; actions
 * made offline are queued and sent in order when back online.
 */
export function MemberAppPage() {
  const params = useParams();
  const address = useMemo<AppAddress>(
    () => ({ storefrontSlug: params.storefrontSlug ?? '', appSlug: params.appSlug ?? '' }),
    [params.storefrontSlug, params.appSlug],
  );
  const { session, signedIn } = useAuth();
  const userId = sessionIdentity(session)?.userId ?? '';
  const [search] = useSearchParams();
  const home = useQuery({ ...memberHomeQuery(address, userId), enabled: signedIn && userId !== '' });
  const actions = useMemberActions(address, userId);
  const online = useOnline();
  const [tab, setTab] = useState<Tab>('today');
  // once the service worker controls the page, the member's data is loaded again through it (kept
  // offline): after a load already under way ends, as a refetch would otherwise join it
  const { pending: keepPending, kept } = useInstallable(address, home.data?.app ?? null);
  const { refetch } = home;
  const loadAgain = keepPending && signedIn && userId !== '' && !home.isFetching;
  useEffect(() => {
    if (!loadAgain) return;
    kept();
    void refetch();
  }, [loadAgain, kept, refetch]);

  if (!signedIn)
    return <SignInPrompt title="Sign in to open the app" reason="The app keeps your plan and your progress in your account." />;
  if (home.isPending) return <LoadingState label="Opening your app" />;
  if (home.isError && !home.data)
    return isNotFound(home.error) ? (
      <NotFoundState what="App" />
    ) : (
      <ErrorState error={home.error} onRetry={() => void home.refetch()} />
    );

  const data: MemberHome = withPending(home.data, actions.pending);
  const style = { '--ma-accent': data.app.themeColor } as CSSProperties;
  const returned = search.get('session_id');

  return (
    <div className="page ma" style={style}>
      <header className="ma-header">
        {data.app.imageUrl ? <img className="ma-header__icon" src={data.app.imageUrl} alt="" width={48} height={48} /> : null}
        <div>
          <h1 className="ma-header__title">{data.app.name}</h1>
          {data.access.state === 'member' && (
            <p className="muted ma-header__sub">
              {data.progress.streak > 0 ? `${data.progress.streak}-day streak` : 'Start your streak today'} ·{' '}
              {data.progress.phasesDone}/{data.progress.phaseCount} phases
            </p>
          )}
        </div>
      </header>
      {!online && (
        <p className="ma-banner" role="status" data-testid="offline-banner">
          You are offline. What you do is kept on this device and sent when you are back online
          {actions.pending.length > 0 ? ` (${actions.pending.length} waiting)` : ''}.
        </p>
      )}
      {online && actions.pending.length > 0 && (
        <p className="ma-banner" role="status">
          Sending {actions.pending.length} saved {actions.pending.length === 1 ? 'action' : 'actions'}…
        </p>
      )}
      {actions.refused.length > 0 && (
        <div className="inline-error" role="alert">
          {actions.refused.map((m, i) => (
            <p key={i}>Not saved: {m}</p>
          ))}
          <button type="button" className="link-button" onClick={actions.dismissRefused}>
            Dismiss
          </button>
        </div>
      )}
      {returned && data.access.state !== 'member' && <Joining sessionId={returned} address={address} userId={userId} />}

      {data.access.state === 'none' ? (
        <Paywall address={address} appName={data.app.name} userId={userId} lapsed={false} />
      ) : (
        <>
          {data.access.state === 'lapsed' && <Paywall address={address} appName={data.app.name} userId={userId} lapsed />}
          <nav className="ma-tabs" aria-label={`${data.app.name} sections`}>
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                className="ma-tabs__tab"
                aria-current={tab === t.id ? 'page' : undefined}
                onClick={() => setTab(t.id)}
              >
                {t.label}
              </button>
            ))}
          </nav>
          <ProgressBar value={data.progress.percent} label="Program progress" showValue />
          <section className="ma-panel">
            {tab === 'today' && <TodayPanel home={data} actions={actions} readOnly={data.access.state !== 'member'} />}
            {tab === 'program' && <ProgramPanel home={data} />}
            {tab === 'check-ins' && <CheckInPanel home={data} actions={actions} readOnly={data.access.state !== 'member'} />}
            {tab === 'lessons' && <LessonsPanel home={data} address={address} readOnly={data.access.state !== 'member'} />}
            {tab === 'account' && <AccountPanel home={data} address={address} userId={userId} />}
          </section>
        </>
      )}
    </div>
  );
}
