import { useId, useState, type ReactNode } from 'react';
import type { AppPricingView, LandingPage } from '@sparkhouse/contracts';
import type { PublishPreview } from './publish.queries';
import {
  describePrices,
  pageChanged,
  visitorChanges,
  type Change,
  type LandingSection,
  type OnboardingQuestion,
  type Paired,
} from './visitor-changes';

const CHANGE_LABEL: Record<Change, string> = {
  added: 'New',
  removed: 'Removed',
  changed: 'Changed',
  unchanged: 'Same',
};

/** A field of the version after publishing, marked when it differs from the live one. */
function Field({ value, was, side }: { value: ReactNode; was: unknown; side: Side }) {
  const differs = was !== undefined && String(was) !== String(value);
  if (!differs || side === 'before') return <>{value}</>;
  return <mark className="vr-mark">{value}</mark>;
}

type Other<T> = Partial<T> | null;
type Side = 'before' | 'after';
type LandingSectionHero = LandingPage['hero'];

function Hero({ hero, other, side }: { hero: LandingSectionHero; other: Other<LandingSectionHero>; side: Side }) {
  return (
    <div className="vr-block vr-block--hero">
      {hero.image && <img className="vr-block__image" src={hero.image.url} alt={hero.image.alt} loading="lazy" />}
      <p className="vr-block__title vr-block__title--hero">
        <Field value={hero.title} was={other?.title} side={side} />
      </p>
      <p>
        <Field value={hero.subtitle} was={other?.subtitle} side={side} />
      </p>
      <span className="vr-cta">
        <Field value={hero.cta} was={other?.cta} side={side} />
      </span>
    </div>
  );
}

function Section({ section, other, side }: { section: LandingSection; other: Other<LandingSection>; side: Side }) {
  const otherItems = new Set(other?.items ?? []);
  return (
    <div className="vr-block">
      <p className="eyebrow">{section.kind.replace(/-/g, ' ')}</p>
      {section.image && <img className="vr-block__image" src={section.image.url} alt={section.image.alt} loading="lazy" />}
      <p className="vr-block__title">
        <Field value={section.title} was={other?.title} side={side} />
      </p>
      <p>
        <Field value={section.body} was={other?.body} side={side} />
      </p>
      {section.items && section.items.length > 0 && (
        <ul className="vr-block__items">
          {section.items.map((item) => (
            <li key={item}>
              {other && !otherItems.has(item) && side === 'after' ? <mark className="vr-mark">{item}</mark> : item}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PricingCopy({
  copy,
  other,
  side,
}: {
  copy: { monthly: string; annual: string };
  other: Other<{ monthly: string; annual: string }>;
  side: Side;
}) {
  return (
    <div className="vr-block">
      <p className="eyebrow">Pricing section</p>
      <p>
        Monthly: <Field value={copy.monthly} was={other?.monthly} side={side} />
      </p>
      <p>
        Annual: <Field value={copy.annual} was={other?.annual} side={side} />
      </p>
    </div>
  );
}

const KIND_LABEL: Record<OnboardingQuestion['kind'], string> = {
  single: 'One choice',
  multi: 'Several choices',
  text: 'Free text',
  number: 'A number',
  date: 'A date',
};

function Question({ question, other, side }: { question: OnboardingQuestion; other: Other<OnboardingQuestion>; side: Side }) {
  const otherOptions = new Set(other?.options ?? []);
  return (
    <div className="vr-block">
      <p className="vr-block__title">
        <Field value={question.prompt} was={other?.prompt} side={side} />
      </p>
      <p className="muted">
        <Field value={KIND_LABEL[question.kind]} was={other?.kind && KIND_LABEL[other.kind]} side={side} />
        {question.required === false ? ' · optional' : ''}
      </p>
      {question.options && (
        <ul className="vr-options">
          {question.options.map((option) => (
            <li key={option}>
              {other && !otherOptions.has(option) && side === 'after' ? <mark className="vr-mark">{option}</mark> : option}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Prices({ pricing, other, side }: { pricing: AppPricingView; other: AppPricingView | null; side: Side }) {
  const was = new Set(describePrices(other));
  return (
    <ul className="vr-prices">
      {describePrices(pricing).map((line) => (
        <li key={line}>{other && !was.has(line) && side === 'after' ? <mark className="vr-mark">{line}</mark> : line}</li>
      ))}
    </ul>
  );
}

/** One row: the live version on the left, the version after publishing on the right. */
function Row<T>({
  pair,
  title,
  render,
  absent,
}: {
  pair: Paired<T>;
  title: string;
  render: (value: T, other: T | null, side: Side) => ReactNode;
  absent: { before: string; after: string };
}) {
  return (
    <li className="vr-row" data-change={pair.change}>
      <p className="vr-row__title">
        {title}{' '}
        <span className={`wgl-badge wgl-badge--${pair.change === 'added' ? 'new' : pair.change}`}>
          {CHANGE_LABEL[pair.change]}
        </span>
      </p>
      <div className="vr-row__cells">
        <div className="vr-cell vr-cell--before">
          <p className="vr-cell__label">Live now</p>
          {pair.before !== null ? render(pair.before, pair.after, 'before') : <p className="muted">{absent.before}</p>}
        </div>
        <div className="vr-cell vr-cell--after">
          <p className="vr-cell__label">After publishing</p>
          {pair.after !== null ? render(pair.after, pair.before, 'after') : <p className="muted">{absent.after}</p>}
        </div>
      </div>
    </li>
  );
}

const ABSENT = { before: 'Not on the live app', after: 'Removed when you publish' };

/**
 * The publish review as a visitor will see it: a one-line summary, then the landing page, the
 * onboarding questions and the prices, live and after publishing side by side, what changes marked.
 * Only what changes is listed until the creator asks for everything.
 */
export function VisitorReview({ preview }: { preview: PublishPreview }) {
  const [everything, setEverything] = useState(false);
  const toggleId = useId();
  const changes = visitorChanges(preview.visitorView.live, preview.visitorView.draft);
  const show = <T,>(p: Paired<T>) => everything || p.change !== 'unchanged';
  const landing = [
    {
      pair: changes.hero,
      title: 'Hero',
      render: (v: LandingSectionHero, o: LandingSectionHero | null, s: Side) => <Hero hero={v} other={o} side={s} />,
    },
    ...changes.sections.map((pair, i) => ({
      pair,
      title: `Section ${i + 1}: ${(pair.after ?? pair.before)?.title ?? ''}`,
      render: (v: LandingSection, o: LandingSection | null, s: Side) => <Section section={v} other={o} side={s} />,
    })),
  ];
  const landingShown = landing.filter((row) => show(row.pair as Paired<unknown>));
  const questions = changes.questions.filter(show);
  const pages = changes.pages.filter((p) =>
    everything ? p.after?.questions.length === 0 || p.before?.questions.length === 0 : pageChanged(p),
  );

  return (
    <section className="card visitor-review" aria-labelledby="vr-title">
      <div className="visitor-review__head">
        <h2 id="vr-title">What visitors will see</h2>
        <label className="vr-toggle" htmlFor={toggleId}>
          <input id={toggleId} type="checkbox" checked={everything} onChange={(e) => setEverything(e.target.checked)} />
          Show everything, not only what changes
        </label>
      </div>
      <p className="visitor-review__summary" data-testid="publish-summary">
        {changes.summary}.
      </p>
      {changes.nothingChanges && !everything && (
        <p className="callout" role="status">
          {preview.isPublished ? 'Visitors see exactly this already.' : 'There is nothing for visitors to see yet.'}
        </p>
      )}

      {(landingShown.length > 0 || show(changes.pricingCopy)) && (
        <>
          <h3 className="visitor-review__part">Landing page</h3>
          <ol className="vr-rows" aria-label="Landing page, live and after publishing">
            {landingShown.map((row) => (
              <Row
                key={row.pair.key}
                pair={row.pair as Paired<never>}
                title={row.title}
                render={row.render as never}
                absent={ABSENT}
              />
            ))}
            {show(changes.pricingCopy) && (
              <Row
                pair={changes.pricingCopy}
                title="Pricing section"
                render={(v, o, s) => <PricingCopy copy={v} other={o} side={s} />}
                absent={ABSENT}
              />
            )}
          </ol>
        </>
      )}

      {(questions.length > 0 || pages.length > 0) && (
        <>
          <h3 className="visitor-review__part">Onboarding</h3>
          <ol className="vr-rows" aria-label="Onboarding, live and after publishing">
            {pages.map((pair) => (
              <Row
                key={`page-${pair.key}`}
                pair={pair}
                title={`Page: ${(pair.after ?? pair.before)?.title ?? ''}`}
                render={(v, o, s) => (
                  <div className="vr-block">
                    <p className="vr-block__title">
                      <Field value={v.title} was={o?.title} side={s} />
                    </p>
                    {v.body && (
                      <p>
                        <Field value={v.body} was={o?.body} side={s} />
                      </p>
                    )}
                  </div>
                )}
                absent={ABSENT}
              />
            ))}
            {questions.map((pair) => (
              <Row
                key={`q-${pair.key}`}
                pair={pair}
                title={`Question on “${pair.pageTitle}”`}
                render={(v, o, s) => <Question question={v} other={o} side={s} />}
                absent={ABSENT}
              />
            ))}
          </ol>
        </>
      )}

      {show(changes.prices) && (
        <>
          <h3 className="visitor-review__part">Prices</h3>
          <ol className="vr-rows" aria-label="Prices, live and after publishing">
            <Row
              pair={changes.prices}
              title="Plans"
              render={(v, o, s) => <Prices pricing={v} other={o} side={s} />}
              absent={{ before: 'No prices live', after: 'No prices after publishing' }}
            />
          </ol>
        </>
      )}
    </section>
  );
}
