import { createContext, useContext } from 'react';
import { Outlet } from 'react-router';
import { SignInPrompt, LoadingState, useSignInState } from '../../catalogue';
import { useConsoleAccess, type ConsoleAccess } from '../useConsoleAccess';
import { NavLinks, PageHeader, usePageTitle } from '../../../ui';
import { useOpsLive } from './useOpsLive';
import './console.css';

const SECTIONS = [
  { to: '/ops', label: 'Overview', end: true },
  { to: '/ops/jobs', label: 'Jobs' },
  { to: '/ops/events', label: 'Events' },
  { to: '/ops/projections', label: 'Read models' },
  { to: '/ops/alerts', label: 'Alerts' },
  { to: '/ops/emails', label: 'Emails' },
  { to: '/ops/webhooks', label: 'Webhooks' },
  { to: '/ops/analytics', label: 'Analytics' },
  { to: '/ops/pipeline-check', label: 'Pipeline check' },
];

const AccessContext = createContext<ConsoleAccess>({ role: null, canAct: false });
/** The console user's role: pages hide actions from viewers (the server refuses them anyway). */
export const useOpsAccess = () => useContext(AccessContext);

/** The operations console's shell: only for admins, operators and viewers; live updates while open. */
export function OpsLayout() {
  usePageTitle('Operations console');
  const signIn = useSignInState();
  const { access, isPending } = useConsoleAccess();
  if (signIn === 'signedIn' && !isPending && access.role) {
    return (
      <AccessContext.Provider value={access}>
        <Console access={access} />
      </AccessContext.Provider>
    );
  }
  return (
    <div className="page">
      <PageHeader eyebrow="Operations" title="Operations console" />
      {signIn === 'signedOut' ? (
        <SignInPrompt title="Sign in to use the console" reason="Sign in with an account of the operations team to use it." />
      ) : signIn === 'restoring' || isPending ? (
        <LoadingState label="Checking your access" />
      ) : (
        <div className="state-box" role="alert">
          <h2 className="state-box__title">Operations team only</h2>
          <p className="muted">The operations console is for admins, operators and viewers. Ask an admin for access.</p>
        </div>
      )}
    </div>
  );
}

function Console({ access }: { access: ConsoleAccess }) {
  useOpsLive();
  const sections = access.role === 'admin' ? [...SECTIONS, { to: '/ops/members', label: 'Team' }] : SECTIONS;
  return (
    <div className="page ops-console">
      <PageHeader eyebrow="Operations" title="Operations console">
        <p>
          Signed in as {access.role === 'viewer' ? 'a viewer (read only)' : `an ${access.role}`}. Queues, jobs, events and read
          models update live.
        </p>
      </PageHeader>
      <nav className="ops-nav" aria-label="Operations console">
        <NavLinks links={sections} linkClass="ops-nav__link" />
      </nav>
      <Outlet />
    </div>
  );
}
