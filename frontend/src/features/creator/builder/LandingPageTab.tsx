import { LandingPageSchema, type CreatorApp, type LandingPage, type LandingPageInfo } from '@sparkhouse/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api';
import { useJobRunLive } from '../../realtime';
import { Button, Input, TextBox, useToast } from '../../../ui';
import { ErrorState, LoadingState } from '../../catalogue';
import { BuildProgress } from '../BuildProgress';
import {
  creatorKeys,
  landingPageQuery,
  landingPageVersionsQuery,
  useEditLandingPage,
  useRestoreLandingPageVersion,
  useSaveLandingPage,
} from '../creator.queries';
import { fieldErrors } from './form-errors';
import { fromDraft, toDraft, type PageDraft, type SectionDraft } from './landing-draft';
import { LandingPagePreview } from './LandingPagePreview';
import { PlusSuggestions } from './PlusSuggestions';
import { DraftSaveBar, NewerVersionNotice, RestorableVersions } from './DraftControls';
import { canonicalJson, useVersionDraft } from './useVersionDraft';
import { LandingPictures } from '../ai-assets/LandingPictures';

const EMPTY_PAGE: LandingPage = {
  hero: { title: '', subtitle: '', cta: 'Get started' },
  sections: [{ kind: 'features', title: '', body: '' }],
  pricingCopy: { monthly: '', annual: '' },
};
const MAX_SECTIONS = 12;
/** After an AI edit completes, its version is stored moments later: look for it this long. */
const AWAIT_VERSION_MS = 20_000;
const EDIT_RUN_PARAM = 'edit';

/** The stored info as the page the editor edits (its status left out). */
const toPage = (info: LandingPageInfo | null): LandingPage | null =>
  info
    ? {
        hero: info.hero,
        sections: info.sections,
        pricingCopy: info.pricingCopy,
        ...(info.screenshots ? { screenshots: info.screenshots } : {}),
      }
    : null;

// compared as the page it saves, so key order or an empty bullet list is not an edit
const serialise = (draft: PageDraft) => canonicalJson(fromDraft(draft));

function LandingPageEditor({
  app,
  stored,
  notice,
  aside,
}: {
  app: CreatorApp;
  stored: LandingPage;
  notice?: ReactNode;
  aside: ReactNode;
}) {
  const storedDraft = useMemo(() => toDraft(stored), [stored]);
  const versionDraft = useVersionDraft(storedDraft, serialise);
  const { draft, setDraft } = versionDraft;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveLandingPage(app.appId);
  const toast = useToast();
  const page = fromDraft(draft);

  const setHero = (key: keyof LandingPage['hero'], value: string) =>
    setDraft((d) => ({ ...d, hero: { ...d.hero, [key]: value } }));
  const setPricing = (key: keyof LandingPage['pricingCopy'], value: string) =>
    setDraft((d) => ({ ...d, pricingCopy: { ...d.pricingCopy, [key]: value } }));
  const setSection = (index: number, key: keyof SectionDraft, value: string) =>
    setDraft((d) => ({ ...d, sections: d.sections.map((s, i) => (i === index ? { ...s, [key]: value } : s)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = LandingPageSchema.safeParse(page);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    // the draft becomes what is saved (trimmed), so the version that comes back is recognised as this draft
    setDraft(toDraft(parsed.data));
    save.mutate(
      { ...parsed.data, status: 'ready' },
      {
        onSuccess: ({ version }) => toast.show({ kind: 'success', message: `Landing page saved as version ${version.number}.` }),
        onError: (e) => toast.show({ kind: 'error', title: 'Could not save the landing page', message: errorMessage(e) }),
      },
    );
  };

  return (
    <div className="builder__grid">
      <div className="builder__column">
        {notice}
        <form className="card editor-form" onSubmit={submit} noValidate aria-labelledby="lp-editor-title">
          <h2 id="lp-editor-title">Landing page</h2>
          <NewerVersionNotice draft={versionDraft} />
          <fieldset>
            <legend>Hero</legend>
            <Input
              label="Headline"
              value={draft.hero.title}
              maxLength={160}
              error={errors['hero.title']}
              onChange={(e) => setHero('title', e.target.value)}
            />
            <TextBox
              label="Subtitle"
              rows={2}
              limit={400}
              value={draft.hero.subtitle}
              error={errors['hero.subtitle']}
              onChange={(e) => setHero('subtitle', e.target.value)}
            />
            <Input
              label="Button text"
              value={draft.hero.cta}
              maxLength={60}
              error={errors['hero.cta']}
              onChange={(e) => setHero('cta', e.target.value)}
            />
          </fieldset>
          {draft.sections.map((section, index) => (
            <fieldset key={index}>
              <legend>Section {index + 1}</legend>
              <div className="editor-form__row">
                <span className="muted">{section.kind}</span>
                {draft.sections.length > 1 && (
                  <Button
                    variant="transparent"
                    size="small"
                    aria-label={`Remove section ${index + 1}`}
                    onClick={() => setDraft((d) => ({ ...d, sections: d.sections.filter((_, i) => i !== index) }))}
                  >
                    Remove
                  </Button>
                )}
              </div>
              <Input
                label={`Section ${index + 1} title`}
                value={section.title}
                maxLength={160}
                error={errors[`sections.${index}.title`]}
                onChange={(e) => setSection(index, 'title', e.target.value)}
              />
              <TextBox
                label={`Section ${index + 1} text`}
                rows={3}
                limit={1200}
                value={section.body}
                error={errors[`sections.${index}.body`]}
                onChange={(e) => setSection(index, 'body', e.target.value)}
              />
              <TextBox
                label={`Section ${index + 1} bullet points (one per line)`}
                rows={3}
                value={section.items}
                error={Object.entries(errors).find(([k]) => k.startsWith(`sections.${index}.items`))?.[1]}
                onChange={(e) => setSection(index, 'items', e.target.value)}
              />
            </fieldset>
          ))}
          {draft.sections.length < MAX_SECTIONS && (
            <PlusSuggestions
              appId={app.appId}
              context={{
                editor: 'landing-page',
                appName: app.name,
                sections: draft.sections.map((s) => s.title).filter(Boolean),
              }}
              onPick={(item) =>
                setDraft((d) => ({
                  ...d,
                  sections: [...d.sections, { kind: item.icon || 'custom', title: item.title, body: item.content, items: '' }],
                }))
              }
            />
          )}
          <fieldset>
            <legend>Pricing copy</legend>
            <TextBox
              label="Monthly plan"
              rows={2}
              limit={300}
              value={draft.pricingCopy.monthly}
              error={errors['pricingCopy.monthly']}
              onChange={(e) => setPricing('monthly', e.target.value)}
            />
            <TextBox
              label="Annual plan"
              rows={2}
              limit={300}
              value={draft.pricingCopy.annual}
              error={errors['pricingCopy.annual']}
              onChange={(e) => setPricing('annual', e.target.value)}
            />
          </fieldset>
          <DraftSaveBar draft={versionDraft} label="Save landing page" saving={save.isPending} />
        </form>
      </div>
      <div className="builder__column">
        <LandingPagePreview page={page} image={app.appImage?.url} />
        {aside}
      </div>
    </div>
  );
}

/** "Ask AI to edit": an instruction becomes an edit-landing-page job, watched live; its result is a new version. */
function AiEdit({ appId }: { appId: string }) {
  const [params, setParams] = useSearchParams();
  const runId = params.get(EDIT_RUN_PARAM);
  const [instruction, setInstruction] = useState('');
  const [error, setError] = useState<string | undefined>();
  const edit = useEditLandingPage(appId);
  const run = useJobRunLive(runId);
  const queryClient = useQueryClient();
  const versions = useQuery(landingPageVersionsQuery(appId));
  const status = run.data?.status;
  const requestedAt = run.data?.requestedAt;
  const finishedAt = run.data?.finishedAt;
  const stored = Boolean(
    requestedAt && versions.data?.versions.some((v) => v.reason === 'ai-edit' && v.createdAt >= requestedAt),
  );

  // the job completed; its version is written just after: refresh until it shows (or give up)
  useEffect(() => {
    if (status !== 'completed' || stored) return;
    const deadline = (finishedAt ? Date.parse(finishedAt) : Date.now()) + AWAIT_VERSION_MS;
    if (Date.now() > deadline) return;
    const timer = setInterval(() => {
      if (Date.now() > deadline) return clearInterval(timer);
      void queryClient.invalidateQueries({ queryKey: creatorKeys.landingPageVersions(appId) });
    }, 1000);
    void queryClient.invalidateQueries({ queryKey: creatorKeys.landingPageVersions(appId) });
    return () => clearInterval(timer);
  }, [status, stored, finishedAt, appId, queryClient]);

  const setRun = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(EDIT_RUN_PARAM, id);
        else next.delete(EDIT_RUN_PARAM);
        return next;
      },
      { replace: true },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = instruction.trim();
    if (text.length < 3) {
      setError('Say what to change on the landing page.');
      return;
    }
    setError(undefined);
    edit.mutate(text, {
      onSuccess: ({ runId: id }) => {
        setInstruction('');
        setRun(id);
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  const active = status === 'queued' || status === 'running';
  return (
    <section className="card editor-form" aria-labelledby="ai-edit-title">
      <h2 id="ai-edit-title">Ask AI to edit</h2>
      <form className="editor-form" onSubmit={submit} noValidate>
        <TextBox
          label="What should change?"
          rows={2}
          limit={1000}
          value={instruction}
          error={error}
          placeholder="Make the headline shorter and mention the free trial"
          onChange={(e) => {
            setInstruction(e.target.value);
            if (error) setError(undefined);
          }}
        />
        <div className="row">
          <Button type="submit" variant="secondary" loading={edit.isPending} disabled={active}>
            Ask AI to edit
          </Button>
          {runId && !active && (
            <Button variant="transparent" size="small" onClick={() => setRun(null)}>
              Hide the last edit
            </Button>
          )}
        </div>
      </form>
      {runId && <BuildProgress runId={runId} title="AI edit" compact />}
      {status === 'completed' && !stored && (
        <p className="muted" role="status">
          Saving the edited page as a new version…
        </p>
      )}
    </section>
  );
}

function LandingHistory({ appId }: { appId: string }) {
  const versions = useQuery(landingPageVersionsQuery(appId));
  const restore = useRestoreLandingPageVersion(appId);
  return (
    <RestorableVersions
      noun="landing page"
      headingId="lp-versions-title"
      query={versions}
      versions={versions.data?.versions ?? []}
      currentVersionId={null}
      restore={restore.mutate}
    />
  );
}

/** The landing-page editor with its live preview, the AI edit, and the version history with restore. */
export function LandingPageTab({ app, building }: { app: CreatorApp; building: boolean }) {
  const queryClient = useQueryClient();
  const landing = useQuery({
    ...landingPageQuery(app),
    refetchInterval: (q) => (building && !q.state.data?.landingPageInfo ? 1500 : false),
  });
  const versions = useQuery(landingPageVersionsQuery(app.appId));
  const head = versions.data?.versions[0]?.versionId;

  // a new version (restore, AI edit, build) is read again; the editor keeps a draft with unsaved edits
  useEffect(() => {
    if (head) void queryClient.invalidateQueries({ queryKey: creatorKeys.landingPage(app.appId), exact: true });
  }, [head, app.appId, queryClient]);

  if (landing.isPending) return <LoadingState label="Loading the landing page" />;
  if (landing.isError)
    return <ErrorState title="Could not load the landing page" error={landing.error} onRetry={() => void landing.refetch()} />;
  const current = toPage(landing.data.landingPageInfo);
  return (
    <LandingPageEditor
      app={app}
      stored={current ?? EMPTY_PAGE}
      notice={
        !current && (
          <p className="callout">
            {building ? 'The landing page appears here once the build writes it.' : 'No landing page yet: write one below.'}
          </p>
        )
      }
      aside={
        <>
          {current && <AiEdit appId={app.appId} />}
          {current && <LandingPictures appId={app.appId} page={current} />}
          <LandingHistory appId={app.appId} />
        </>
      }
    />
  );
}
