import { RadioOption } from '../../ui';
import { formatPriceCents, isYearlyOption } from './payment-options';
import './plan-options.css';

/** What a plan card shows of a payment option (cents, as the API answers them). */
export interface PlanView {
  id: string;
  price: number;
  currency: string;
  duration: number;
  durationUnit: string;
  monthlyPrice: number;
  displayName: string;
  description?: string;
  trialDays?: number;
}

/** "year", "month", "12 months". */
export function periodLabel(plan: Pick<PlanView, 'duration' | 'durationUnit'>): string {
  if (plan.duration === 1) return plan.durationUnit;
  return `${plan.duration} ${plan.durationUnit}s`;
}

/** The line under a plan's price: what it comes to a month, the free trial, its description. */
export function planDetails(plan: PlanView): string {
  return [
    isYearlyOption(plan) ? `${formatPriceCents(plan.monthlyPrice, plan.currency)} a month` : null,
    plan.trialDays && plan.trialDays > 0 ? `${plan.trialDays}-day free trial` : null,
    plan.description || null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Plans to choose one from, as members see them: the order given (the yearly plan first), each with
 * its price per period and details. A radio group, so arrow keys move between plans.
 */
export function PlanOptions({
  plans,
  selected,
  onSelect,
  name,
  legend,
  disabled = false,
}: {
  plans: readonly PlanView[];
  selected: string | null;
  onSelect: (id: string) => void;
  name: string;
  legend: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className="plan-choice" disabled={disabled}>
      <legend className="visually-hidden">{legend}</legend>
      {plans.map((plan) => (
        <RadioOption
          key={plan.id}
          name={name}
          value={plan.id}
          checked={selected === plan.id}
          onChange={() => onSelect(plan.id)}
          className="plan-choice__option"
          label={
            <span className="plan-choice__label">
              <span>
                {plan.displayName}
                {isYearlyOption(plan) && <span className="plan-choice__badge">Best value</span>}
              </span>
              <span className="plan-choice__price">
                {formatPriceCents(plan.price, plan.currency)}
                <span className="muted"> / {periodLabel(plan)}</span>
              </span>
            </span>
          }
          description={planDetails(plan) || undefined}
        />
      ))}
    </fieldset>
  );
}
