import { LINK_REFUSALS, ONBOARDING_LINK_TOKEN } from '@sparkhouse/contracts/onboarding-links';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error';
import { visitorKeys, type AppAddress } from '../../features/app-onboarding';
import { useAuth } from '../../features/auth';
import { LoadingState } from '../../features/catalogue';
import { confirmOnboardingLink } from '../../features/user';
import { Button, buttonClassName, usePageTitle } from '../../ui';

type Redemption = Awaited<ReturnType<typeof confirmOnboardingLink>>;

/**
 * One request per link and page load: signing in here comes back to this page (its stored redirect)
 * while the first request may already be answered, and a link works only once.
 */
const redemptions = new Map<string, Promise<Redemption>>();
const redeemOnce = (token: string) => {
  let pending = redemptions.get(token);
  if (!pending) {
    pending = confirmOnboardingLink(token);
    redemptions.set(token, pending);
  }
  return pending;
};

type Outcome = { kind: 'pending' } | { kind: 'refused'; message: string; otherAccount: boolean };

/**
 * /apps/{storefrontSlug}/{appSlug}/onboarding/link#<token>: the page an emailed plan link opens (Email
 * me my plan). Signed out, it asks the owner to sign in; signed in, it links the visitor's answers and
 * plan to the account, once, and opens the plan. A used, expired or tampered link says so.
 */
export function PlanLinkPage() {
  const params = useParams();
  const address: AppAddress = { storefrontSlug: params.storefrontSlug ?? '', appSlug: params.appSlug ?? '' };
  const onboarding = `/apps/${encodeURIComponent(address.storefrontSlug)}/${encodeURIComponent(address.appSlug)}/onboarding`;
  const { pathname, hash } = useLocation();
  const token = hash.replace(/^#/, '');
  const wellFormed = ONBOARDING_LINK_TOKEN.test(token);
  const { signedIn, requireSignIn, signOut } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const askedToSignIn = useRef(false);
  // after signing in, the sign-in dialog brings the owner back here, link and all
  const signIn = () => requireSignIn(`${pathname}${hash}`);

  useEffect(() => {
    if (!wellFormed || signedIn || askedToSignIn.current) return;
    askedToSignIn.current = true;
    signIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival signed out
  }, [wellFormed, signedIn]);

  useEffect(() => {
    if (!wellFormed || !signedIn) return;
    let current = true;
    setOutcome({ kind: 'pending' });
    redeemOnce(token).then(
      (result) => {
        if (!current) return;
        if (!result.success) {
          setOutcome({ kind: 'refused', message: result.error ?? 'Unknown error', otherAccount: false });
          return;
        }
        // the plan as the account's now: read again, not from what this tab cached before
        void queryClient.invalidateQueries({ queryKey: visitorKeys.app(address) });
        navigate(onboarding, { replace: true, state: { planLinked: true } });
      },
      (error: unknown) => {
        if (!current) return;
        const otherAccount = isApiError(error) && error.status === 403;
        setOutcome({ kind: 'refused', message: errorMessage(error), otherAccount });
      },
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the address follows the token's page
  }, [wellFormed, signedIn, token]);

  const refusal = !wellFormed
    ? { message: LINK_REFUSALS.invalid, otherAccount: false }
    : outcome.kind === 'refused'
      ? outcome
      : null;
  usePageTitle(refusal ? 'This link does not work' : 'Keep your plan with your account');
  return (
    <section className="page page--narrow ob-page" aria-labelledby="ob-link-title">
      <header className="ob-page__header">
        <div>
          <p className="muted ob-page__kicker">Email me my plan</p>
          <h1 id="ob-link-title">{refusal ? 'This link does not work' : 'Keep your plan with your account'}</h1>
        </div>
      </header>
      {refusal ? (
        <div className="card ob-offer" role="alert">
          <p>{refusal.message}</p>
          <div className="ob-nav">
            {refusal.otherAccount && (
              <Button variant="secondary" onClick={() => void signOut().then(signIn)}>
                Sign in with another account
              </Button>
            )}
            <Link to={onboarding} className={buttonClassName('primary')}>
              Go to the app’s onboarding
            </Link>
          </div>
        </div>
      ) : signedIn ? (
        <LoadingState label="Adding your answers and plan to your account" />
      ) : (
        <div className="card ob-offer">
          <p>Sign in with the account this link was emailed to: your answers and plan are then kept with it.</p>
          <div className="ob-nav">
            <Button onClick={signIn}>Sign in</Button>
          </div>
        </div>
      )}
    </section>
  );
}
