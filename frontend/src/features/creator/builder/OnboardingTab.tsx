import {
  ONBOARDING_QUESTION_KINDS,
  OnboardingFlowSchema,
  type CreatorApp,
  type OnboardingFlow,
  type OnboardingPage,
  type OnboardingQuestion,
} from '@sparkhouse/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api';
import { Button, Input, SelectField, TextBox, useToast } from '../../../ui';
import { OnboardingProgress, OnboardingStepView, type Answers } from '../../app-onboarding';
import { ErrorState, LoadingState } from '../../catalogue';
import {
  onboardingFlowQuery,
  onboardingFlowVersionsQuery,
  useRestoreOnboardingFlowVersion,
  useSaveOnboardingFlow,
} from '../creator.queries';
import { DraftSaveBar, NewerVersionNotice, OlderVersionsButton, RestorableVersions } from './DraftControls';
import { fieldErrors } from './form-errors';
import { canonicalJson, useVersionDraft } from './useVersionDraft';

const KIND: Record<OnboardingQuestion['kind'], string> = {
  single: 'One choice',
  multi: 'Several choices',
  text: 'Text answer',
  number: 'Number',
  date: 'Date',
};
const MAX_PAGES = 12;
const MAX_QUESTIONS = 10;
const MAX_OPTIONS = 12;

/** The flow as it would be saved: empty optional texts and options of non-choice questions dropped. */
export function cleanFlow(flow: OnboardingFlow): OnboardingFlow {
  return {
    pages: flow.pages.map((page) => ({
      id: page.id,
      title: page.title,
      ...(page.body?.trim() ? { body: page.body } : {}),
      questions: page.questions.map((q) => {
        const choice = q.kind === 'single' || q.kind === 'multi';
        return {
          id: q.id,
          prompt: q.prompt,
          kind: q.kind,
          ...(choice ? { options: q.options ?? [] } : {}),
          ...(q.required === false ? { required: false } : {}),
          ...(q.kind === 'number' && q.min !== undefined ? { min: q.min } : {}),
          ...(q.kind === 'number' && q.max !== undefined ? { max: q.max } : {}),
          ...(!choice && q.kind !== 'date' && q.placeholder?.trim() ? { placeholder: q.placeholder } : {}),
        };
      }),
    })),
  };
}

const serialise = (flow: OnboardingFlow) => canonicalJson(cleanFlow(flow));

/** An id not yet used in the flow: `page-3`, `q-7`. */
function freshId(flow: OnboardingFlow, prefix: string): string {
  const used = new Set(flow.pages.flatMap((p) => [p.id, ...p.questions.map((q) => q.id)]));
  let n = 1;
  while (used.has(`${prefix}-${n}`)) n += 1;
  return `${prefix}-${n}`;
}

function move<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

const numberOrUndefined = (raw: string) => (raw.trim() === '' || !Number.isFinite(Number(raw)) ? undefined : Number(raw));

function OrderButtons({
  label,
  index,
  count,
  onMove,
}: {
  label: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
}) {
  return (
    <>
      <Button
        variant="transparent"
        size="small"
        aria-label={`Move ${label} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </Button>
      <Button
        variant="transparent"
        size="small"
        aria-label={`Move ${label} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </Button>
    </>
  );
}

function QuestionEditor({
  question,
  label,
  index,
  count,
  errors,
  errorKey,
  onChange,
  onMove,
  onRemove,
}: {
  question: OnboardingQuestion;
  label: string;
  index: number;
  count: number;
  errors: Record<string, string>;
  errorKey: string;
  onChange: (q: OnboardingQuestion) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const choice = question.kind === 'single' || question.kind === 'multi';
  const options = question.options ?? [];
  const setOptions = (next: string[]) => onChange({ ...question, options: next });
  return (
    <fieldset className="ob-editor__question">
      <legend>{label}</legend>
      <div className="editor-form__row">
        <SelectField
          label="Answer type"
          id={`${errorKey}-kind`}
          value={question.kind}
          onChange={(e) => {
            const kind = e.target.value as OnboardingQuestion['kind'];
            const wantsOptions = kind === 'single' || kind === 'multi';
            onChange({
              ...question,
              kind,
              options: wantsOptions ? (options.length >= 2 ? options : ['Option 1', 'Option 2']) : undefined,
            });
          }}
        >
          {ONBOARDING_QUESTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND[k]}
            </option>
          ))}
        </SelectField>
        <div className="row">
          <OrderButtons label={label} index={index} count={count} onMove={onMove} />
          <Button variant="transparent" size="small" aria-label={`Remove ${label}`} onClick={onRemove}>
            Remove
          </Button>
        </div>
      </div>
      <Input
        label={`${label} text`}
        value={question.prompt}
        maxLength={300}
        error={errors[`${errorKey}.prompt`]}
        onChange={(e) => onChange({ ...question, prompt: e.target.value })}
      />
      {choice && (
        <div className="ob-editor__options" role="group" aria-label={`${label} options`}>
          {options.map((option, o) => (
            <div key={o} className="ob-editor__option">
              <Input
                label={`Option ${o + 1}`}
                value={option}
                maxLength={120}
                error={errors[`${errorKey}.options.${o}`]}
                onChange={(e) => setOptions(options.map((x, i) => (i === o ? e.target.value : x)))}
              />
              <OrderButtons
                label={`option ${o + 1} of ${label}`}
                index={o}
                count={options.length}
                onMove={(to) => setOptions(move(options, o, to))}
              />
              <Button
                variant="transparent"
                size="small"
                aria-label={`Remove option ${o + 1} of ${label}`}
                disabled={options.length <= 2}
                onClick={() => setOptions(options.filter((_, i) => i !== o))}
              >
                Remove
              </Button>
            </div>
          ))}
          {errors[`${errorKey}.options`] && (
            <p className="ob-question__error" role="alert">
              {errors[`${errorKey}.options`]}
            </p>
          )}
          {options.length < MAX_OPTIONS && (
            <Button variant="secondary" size="small" onClick={() => setOptions([...options, `Option ${options.length + 1}`])}>
              Add option
            </Button>
          )}
        </div>
      )}
      {question.kind === 'number' && (
        <div className="editor-form__row">
          <Input
            label="Smallest answer"
            type="number"
            value={question.min ?? ''}
            error={errors[`${errorKey}.min`]}
            onChange={(e) => onChange({ ...question, min: numberOrUndefined(e.target.value) })}
          />
          <Input
            label="Largest answer"
            type="number"
            value={question.max ?? ''}
            onChange={(e) => onChange({ ...question, max: numberOrUndefined(e.target.value) })}
          />
        </div>
      )}
      {(question.kind === 'text' || question.kind === 'number') && (
        <Input
          label="Hint in the empty field"
          value={question.placeholder ?? ''}
          maxLength={120}
          onChange={(e) => onChange({ ...question, placeholder: e.target.value })}
        />
      )}
      <label className="ob-editor__check">
        <input
          type="checkbox"
          checked={question.required !== false}
          onChange={(e) => onChange({ ...question, required: e.target.checked ? undefined : false })}
        />
        Visitors must answer
      </label>
    </fieldset>
  );
}

/** The phone-sized preview: the draft as a visitor meets it, page by page (answers are not kept). */
function PhonePreview({ flow, pageIndex, onPage }: { flow: OnboardingFlow; pageIndex: number; onPage: (i: number) => void }) {
  const [answers, setAnswers] = useState<Answers>({});
  const index = Math.min(pageIndex, flow.pages.length - 1);
  const page = flow.pages[index];
  return (
    <section className="card" aria-labelledby="ob-preview-title">
      <h2 id="ob-preview-title">Preview</h2>
      <div className="phone-frame" role="region" aria-label="Onboarding preview">
        <div className="phone-frame__screen">
          <OnboardingProgress index={index} total={flow.pages.length} />
          {page && (
            <OnboardingStepView
              page={page}
              answers={answers}
              headingLevel={3}
              onAnswer={(id, value) => setAnswers((a) => ({ ...a, [id]: value }))}
            />
          )}
          <div className="ob-nav">
            <Button variant="secondary" disabled={index === 0} onClick={() => onPage(index - 1)}>
              Back
            </Button>
            <Button disabled={index >= flow.pages.length - 1} onClick={() => onPage(index + 1)}>
              Next
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

function OnboardingEditor({ appId, stored, isDefault }: { appId: string; stored: OnboardingFlow; isDefault: boolean }) {
  const versionDraft = useVersionDraft(stored, serialise);
  const { draft, setDraft } = versionDraft;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [previewPage, setPreviewPage] = useState(0);
  const save = useSaveOnboardingFlow(appId);
  const toast = useToast();

  const setPage = (p: number, update: (page: OnboardingPage) => OnboardingPage) =>
    setDraft((d) => ({ ...d, pages: d.pages.map((page, i) => (i === p ? update(page) : page)) }));
  const setQuestions = (p: number, update: (qs: OnboardingQuestion[]) => OnboardingQuestion[]) =>
    setPage(p, (page) => ({ ...page, questions: update(page.questions) }));
  const addPage = (info: boolean) =>
    setDraft((d) => {
      const id = freshId(d, 'page');
      const questions: OnboardingQuestion[] = info
        ? []
        : [{ id: freshId(d, 'q'), prompt: '', kind: 'single', options: ['Option 1', 'Option 2'] }];
      setPreviewPage(d.pages.length);
      return { ...d, pages: [...d.pages, { id, title: '', ...(info ? { body: '' } : {}), questions }] };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = OnboardingFlowSchema.safeParse(cleanFlow(draft));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast.show({ kind: 'error', title: 'The flow is not ready yet', message: 'Fix the fields marked below.' });
      return;
    }
    setErrors({});
    setDraft(parsed.data);
    save.mutate(parsed.data, {
      onSuccess: ({ version }) => toast.show({ kind: 'success', message: `Onboarding flow saved as version ${version.number}.` }),
      onError: (e) => toast.show({ kind: 'error', title: 'Could not save the onboarding flow', message: errorMessage(e) }),
    });
  };

  return (
    <div className="builder__grid">
      <div className="builder__column">
        {isDefault && (
          <p className="callout">
            This app has no onboarding flow of its own yet: this default one is what visitors get. Edit it and save to make it
            yours.
          </p>
        )}
        <form className="card editor-form" onSubmit={submit} noValidate aria-labelledby="ob-editor-title">
          <h2 id="ob-editor-title">Onboarding flow</h2>
          <p className="muted">
            {draft.pages.length} {draft.pages.length === 1 ? 'page' : 'pages'} new members go through before their plan is made.
          </p>
          <NewerVersionNotice draft={versionDraft} />
          {errors.pages && <p className="ob-question__error">{errors.pages}</p>}
          <ol className="ob-editor__pages">
            {draft.pages.map((page, p) => {
              const pageLabel = `Page ${p + 1}`;
              const info = page.questions.length === 0;
              return (
                <li key={page.id} className="ob-editor__page" onFocus={() => setPreviewPage(p)}>
                  <div className="editor-form__row">
                    <h3>
                      {pageLabel}
                      <span className="muted">
                        {' '}
                        ·{' '}
                        {info
                          ? 'Info page'
                          : `${page.questions.length} ${page.questions.length === 1 ? 'question' : 'questions'}`}
                      </span>
                    </h3>
                    <div className="row">
                      <OrderButtons
                        label={pageLabel}
                        index={p}
                        count={draft.pages.length}
                        onMove={(to) => {
                          setDraft((d) => ({ ...d, pages: move(d.pages, p, to) }));
                          setPreviewPage(to);
                        }}
                      />
                      <Button
                        variant="transparent"
                        size="small"
                        aria-label={`Remove ${pageLabel}`}
                        disabled={draft.pages.length <= 1}
                        onClick={() => setDraft((d) => ({ ...d, pages: d.pages.filter((_, i) => i !== p) }))}
                      >
                        Remove
                      </Button>
                    </div>
                  </div>
                  <Input
                    label={`${pageLabel} title`}
                    value={page.title}
                    maxLength={160}
                    error={errors[`pages.${p}.title`]}
                    onChange={(e) => setPage(p, (pg) => ({ ...pg, title: e.target.value }))}
                  />
                  <TextBox
                    label={info ? `${pageLabel} text` : `${pageLabel} text (optional)`}
                    rows={2}
                    limit={1200}
                    value={page.body ?? ''}
                    error={errors[`pages.${p}.body`]}
                    onChange={(e) => setPage(p, (pg) => ({ ...pg, body: e.target.value }))}
                  />
                  {page.questions.map((q, i) => (
                    <QuestionEditor
                      key={q.id}
                      question={q}
                      label={`Question ${i + 1} of page ${p + 1}`}
                      index={i}
                      count={page.questions.length}
                      errors={errors}
                      errorKey={`pages.${p}.questions.${i}`}
                      onChange={(next) => setQuestions(p, (qs) => qs.map((x, j) => (j === i ? next : x)))}
                      onMove={(to) => setQuestions(p, (qs) => move(qs, i, to))}
                      onRemove={() => setQuestions(p, (qs) => qs.filter((_, j) => j !== i))}
                    />
                  ))}
                  {page.questions.length < MAX_QUESTIONS && (
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() =>
                        setDraft((d) => {
                          const id = freshId(d, 'q');
                          return {
                            ...d,
                            pages: d.pages.map((pg, i) =>
                              i === p ? { ...pg, questions: [...pg.questions, { id, prompt: '', kind: 'text' as const }] } : pg,
                            ),
                          };
                        })
                      }
                    >
                      Add a question to page {p + 1}
                    </Button>
                  )}
                </li>
              );
            })}
          </ol>
          {draft.pages.length < MAX_PAGES && (
            <div className="row">
              <Button variant="secondary" onClick={() => addPage(false)}>
                Add question page
              </Button>
              <Button variant="secondary" onClick={() => addPage(true)}>
                Add info page
              </Button>
            </div>
          )}
          <DraftSaveBar
            draft={{ ...versionDraft, dirty: versionDraft.dirty || isDefault }}
            label="Save onboarding flow"
            saving={save.isPending}
          />
        </form>
      </div>
      <div className="builder__column">
        <PhonePreview flow={draft} pageIndex={previewPage} onPage={setPreviewPage} />
        <OnboardingHistory appId={appId} />
      </div>
    </div>
  );
}

function OnboardingHistory({ appId }: { appId: string }) {
  const versions = useInfiniteQuery(onboardingFlowVersionsQuery(appId));
  const restore = useRestoreOnboardingFlowVersion(appId);
  return (
    <RestorableVersions
      noun="onboarding flow"
      headingId="ob-versions-title"
      query={versions}
      versions={versions.data?.pages.flatMap((p) => p.versions) ?? []}
      currentVersionId={null}
      restore={restore.mutate}
      footer={<OlderVersionsButton pages={versions} />}
    />
  );
}

/** The onboarding flow editor: pages and questions, a phone-sized live preview, and the version history with restore. */
export function OnboardingTab({ app, building }: { app: CreatorApp; building: boolean }) {
  const flow = useQuery({
    ...onboardingFlowQuery(app),
    // a build writes the flow when it completes: look again until it is there
    refetchInterval: (q) => (building && q.state.data?.isDefault !== false ? 1500 : false),
  });
  if (flow.isPending) return <LoadingState label="Loading the onboarding flow" />;
  if (flow.isError)
    return <ErrorState title="Could not load the onboarding flow" error={flow.error} onRetry={() => void flow.refetch()} />;
  return <OnboardingEditor appId={app.appId} stored={flow.data.onboardingFlow} isDefault={flow.data.isDefault} />;
}
