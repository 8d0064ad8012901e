import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClassName, Button } from '../../ui';
import { AuthContext } from '../auth';
import { useOptionalCart, membershipCartItem, MEMBERSHIP_SLUG, splitSubscriptionSlug, withCurrentParams } from '../cart';
import { useUser } from '../user';
import { formatPriceCents, isYearlyOption } from './payment-options';
import { paymentOptionsQuery } from './payments.queries';
import './membership-offer.css';

const membership = splitSubscriptionSlug(MEMBERSHIP_SLUG)!;

/** A plan description as a sentence, so the price sentence can follow it. */
const sentence = (text: string) => (text && !/[.!?]$/.test(text.trim()) ? `${text.trim()}.` : text.trim());

/**
 * The membership call to action: "Join" puts the membership (a subscription item) in the cart and
 * goes to checkout, where the plan is chosen. Members see the way to their dashboard instead.
 */
export function MembershipOffer({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { hasActiveOrTrialSubscription, loadingSubscriptions } = useUser();
  const options = useQuery(paymentOptionsQuery(membership.storefrontSlug, membership.appSlug));
  const cart = useOptionalCart();
  const auth = useContext(AuthContext);
  const navigate = useNavigate();
  const location = useLocation();
  const Heading = `h${headingLevel}` as const;

  if (hasActiveOrTrialSubscription) {
    return (
      <section className="card membership-offer" aria-labelledby="membership-title">
        <p className="eyebrow">Membership</p>
        <Heading id="membership-title">You are a member</Heading>
        <p className="muted">Your classes, progress and monthly credit are waiting on your dashboard.</p>
        <Link to="/dashboard" className={buttonClassName('primary')}>
          Go to Dashboard
        </Link>
      </section>
    );
  }
  // Nothing to sell when the plans cannot be read; the rest of the page still works.
  if (options.isError || loadingSubscriptions) return null;
  const plans = options.data?.payment_options ?? [];
  const preselected = plans.find((p) => p.id === options.data?.defaultSelectedId) ?? plans[0];
  const yearly = preselected && isYearlyOption(preselected);
  const trialDays = preselected?.trialDays ?? 0;

  const join = () => {
    if (!preselected || !cart) return;
    cart.addToCart(membershipCartItem(preselected.price, preselected.currency));
    const checkout = withCurrentParams('/checkout', location.search);
    if (auth && !auth.requireSignIn(checkout)) return;
    navigate(checkout);
  };

  return (
    <section className="card membership-offer" aria-labelledby="membership-title" aria-busy={options.isPending || undefined}>
      <p className="eyebrow">Membership</p>
      <Heading id="membership-title">Join Sparkhouse</Heading>
      <p className="muted">
        {options.isPending || !preselected
          ? 'Every class in one membership, with monthly credit to spend on anything in the catalogue.'
          : `${sentence(preselected.description) || 'Every class in one membership.'} ${
              yearly
                ? `${formatPriceCents(preselected.monthlyPrice, preselected.currency)} a month, billed ${formatPriceCents(preselected.price, preselected.currency)} yearly.`
                : `${formatPriceCents(preselected.price, preselected.currency)} a month.`
            }${trialDays > 0 ? ` Try it free for ${trialDays} days.` : ''}`}
      </p>
      <Button onClick={join} disabled={!preselected || !cart} loading={options.isPending}>
        Join
      </Button>
    </section>
  );
}
