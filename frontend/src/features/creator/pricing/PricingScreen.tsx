import type { CreatorApp } from '@sparkhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api';
import { ErrorState, LoadingState } from '../../catalogue';
import { PlanOptions, paymentOptionsQuery } from '../../payments';
import { Button, Input, SelectField, useToast } from '../../../ui';
import { useUpdatePricing } from '../publish/publish.queries';
import {
  annualSaving,
  checkPricing,
  EMPTY_FORM,
  formFromPlans,
  previewPlans,
  TRIAL_CHOICES,
  type AnnualUnit,
  type PricingForm,
} from './pricing-form';
import './pricing.css';

/** The plans as members will see them on the app's onboarding: yearly first and preselected. */
function MemberPreview({ app, form }: { app: CreatorApp; form: PricingForm }) {
  const { plans, defaultSelectedId } = previewPlans(app.name, form);
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = plans.some((p) => p.id === chosen) ? chosen : defaultSelectedId;
  const saving = annualSaving(form);
  return (
    <section className="card pricing-preview" aria-labelledby="pricing-preview-title">
      <p className="eyebrow">Preview</p>
      <h2 id="pricing-preview-title">As members will see it</h2>
      {plans.length === 0 ? (
        <p className="muted">Set a price to see the plans members will choose from.</p>
      ) : (
        <>
          <p className="muted">Choose your {app.name} plan</p>
          <PlanOptions
            plans={plans}
            selected={selected}
            onSelect={setChosen}
            name="preview-plan"
            legend="Plans members choose from"
          />
          {saving && (
            <p className="pricing-preview__saving" role="note">
              The annual plan saves members {saving}% against paying monthly.
            </p>
          )}
          <Button fullWidth disabled>
            {form.trialDays > 0 ? `Start my ${form.trialDays}-day free trial` : 'Subscribe'}
          </Button>
        </>
      )}
    </section>
  );
}

/**
 * /dashboard/builder?mode=pricing_tiers: an app's monthly and annual prices (typed in dollars, sent
 * in cents), whether the annual plan runs a year or twelve months, a free trial, and the plans as
 * members will see them. Saved prices go live when the app is next published.
 */
export function PricingScreen({ app, onDone }: { app: CreatorApp; onDone: () => void }) {
  const current = useQuery(paymentOptionsQuery(app.storefrontSlug, app.appSlug));
  const save = useUpdatePricing(app);
  const toast = useToast();
  const [form, setForm] = useState<PricingForm | null>(null);
  const [tried, setTried] = useState(false);

  // the form starts from the plans the app has (its draft pricing), once they are read
  useEffect(() => {
    if (form === null && current.data) setForm(formFromPlans(current.data.payment_options));
  }, [current.data, form]);

  if (current.isPending) return <LoadingState label="Loading the pricing" />;
  if (current.isError && form === null)
    return <ErrorState title="Could not load the pricing" error={current.error} onRetry={() => void current.refetch()} />;
  const values = form ?? EMPTY_FORM;
  const check = checkPricing(app.appId, values);
  const set = (change: Partial<PricingForm>) => setForm({ ...values, ...change });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!check.body) return;
    save.mutate(check.body, {
      onSuccess: () => {
        setTried(false);
        toast.show({ kind: 'success', message: 'Pricing saved. It goes live when you publish.' });
      },
      onError: (error) => toast.show({ kind: 'error', title: 'Could not save the pricing', message: errorMessage(error) }),
    });
  };

  return (
    <div className="pricing" aria-labelledby="pricing-title">
      <div className="pricing__head">
        <div>
          <p className="eyebrow">Pricing tiers</p>
          <h2 id="pricing-title">What members pay for {app.name}</h2>
          <p className="muted">Prices are in US dollars. Members see them once you publish; until then only you do.</p>
        </div>
        <Button variant="secondary" size="small" onClick={onDone}>
          Back to the editor
        </Button>
      </div>
      <div className="pricing__columns">
        <form className="card pricing-form" onSubmit={submit} noValidate aria-label="Pricing">
          <Input
            label="Monthly price ($)"
            inputMode="decimal"
            value={values.monthly}
            onChange={(e) => set({ monthly: e.target.value })}
            error={tried ? check.errors.monthly : undefined}
            errorOutline={tried && Boolean(check.errors.monthly)}
          />
          {tried && check.errors.monthly && values.monthly !== '' && (
            <p className="inline-error" role="alert">
              {check.errors.monthly}
            </p>
          )}
          <Input
            label="Annual price ($)"
            inputMode="decimal"
            value={values.annual}
            onChange={(e) => set({ annual: e.target.value })}
            error={tried ? check.errors.annual : undefined}
            errorOutline={tried && Boolean(check.errors.annual)}
          />
          {tried && check.errors.annual && values.annual !== '' && (
            <p className="inline-error" role="alert">
              {check.errors.annual}
            </p>
          )}
          <SelectField
            label="The annual plan renews every"
            value={values.annualUnit}
            onChange={(e) => set({ annualUnit: e.target.value as AnnualUnit })}
          >
            <option value="year">1 year</option>
            <option value="month">12 months</option>
          </SelectField>
          <SelectField
            label="Free trial for new members"
            value={values.trialDays}
            onChange={(e) => set({ trialDays: Number(e.target.value) })}
          >
            {TRIAL_CHOICES.map((days) => (
              <option key={days} value={days}>
                {days === 0 ? 'No free trial' : `${days} days`}
              </option>
            ))}
          </SelectField>
          {tried && check.errors.form && (
            <p className="inline-error" role="alert">
              {check.errors.form}
            </p>
          )}
          {save.isError && (
            <p className="inline-error" role="alert">
              {errorMessage(save.error)}
            </p>
          )}
          <div className="row">
            <Button type="submit" loading={save.isPending}>
              Save pricing
            </Button>
          </div>
        </form>
        <MemberPreview app={app} form={values} />
      </div>
    </div>
  );
}
