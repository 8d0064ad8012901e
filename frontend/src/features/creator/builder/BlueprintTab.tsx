import { AppBlueprintSchema, creatorApps, type AppBlueprint } from '@sparkhouse/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api';
import { Button, Input, TextBox, useToast } from '../../../ui';
import { ErrorState, LoadingState } from '../../catalogue';
import { callCreator } from '../creator-api';
import { blueprintQuery, blueprintVersionsQuery, useRestoreBlueprintVersion, useUpdateBlueprint } from '../creator.queries';
import { fieldErrors } from './form-errors';
import { DraftSaveBar, NewerVersionNotice, OlderVersionsButton, RestorableVersions } from './DraftControls';
import { canonicalJson, useVersionDraft } from './useVersionDraft';

const EMPTY_BLUEPRINT: AppBlueprint = {
  name: '',
  tagline: '',
  audience: '',
  problem: '',
  features: [{ title: '', description: '' }],
  monetisation: '',
  tone: '',
};
const MAX_FEATURES = 12;

const serialise = (blueprint: AppBlueprint) => canonicalJson(blueprint);

function BlueprintForm({ appId, stored }: { appId: string; stored: AppBlueprint }) {
  const versionDraft = useVersionDraft(stored, serialise);
  const { draft, setDraft } = versionDraft;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateBlueprint(appId);
  const toast = useToast();
  const help = useMutation({
    mutationFn: () => callCreator(creatorApps.getBlueprintHelpForApp, { query: { appId } }),
  });

  const set = <K extends keyof AppBlueprint>(key: K, value: AppBlueprint[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setFeature = (index: number, key: 'title' | 'description', value: string) =>
    setDraft((d) => ({ ...d, features: d.features.map((f, i) => (i === index ? { ...f, [key]: value } : f)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AppBlueprintSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    // the draft becomes what is saved (trimmed), so the version that comes back is recognised as this draft
    setDraft(parsed.data);
    save.mutate(parsed.data, {
      onSuccess: () => toast.show({ kind: 'success', message: 'Blueprint saved as a new version.' }),
      onError: (e) => toast.show({ kind: 'error', title: 'Could not save the blueprint', message: errorMessage(e) }),
    });
  };

  return (
    <form className="card editor-form" onSubmit={submit} noValidate aria-labelledby="blueprint-title">
      <div className="editor-form__row">
        <h2 id="blueprint-title">Blueprint</h2>
        <Button variant="transparent" size="small" loading={help.isPending} onClick={() => help.mutate()}>
          Ask AI for help
        </Button>
      </div>
      <NewerVersionNotice draft={versionDraft} />
      {help.isError && (
        <p className="inline-error" role="alert">
          {errorMessage(help.error)}
        </p>
      )}
      {help.data && (
        <div className="callout" role="status">
          <p>
            <strong>Suggestion:</strong> {help.data.suggestion.name} — {help.data.suggestion.tagline}
          </p>
          <div className="row">
            <Button
              size="small"
              onClick={() => {
                setDraft(help.data.suggestion);
                help.reset();
              }}
            >
              Use this suggestion
            </Button>
            <Button size="small" variant="transparent" onClick={() => help.reset()}>
              Dismiss
            </Button>
          </div>
        </div>
      )}
      <Input
        label="App name"
        value={draft.name}
        maxLength={60}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <Input
        label="Tagline"
        value={draft.tagline}
        maxLength={200}
        error={errors.tagline}
        onChange={(e) => set('tagline', e.target.value)}
      />
      <TextBox
        label="Who it is for"
        rows={2}
        limit={300}
        value={draft.audience}
        error={errors.audience}
        onChange={(e) => set('audience', e.target.value)}
      />
      <TextBox
        label="The problem it solves"
        rows={3}
        limit={1000}
        value={draft.problem}
        error={errors.problem}
        onChange={(e) => set('problem', e.target.value)}
      />
      <fieldset>
        <legend>Features</legend>
        {draft.features.map((feature, index) => (
          <div key={index} className="editor-form">
            <div className="editor-form__row">
              <strong>Feature {index + 1}</strong>
              {draft.features.length > 1 && (
                <Button
                  variant="transparent"
                  size="small"
                  aria-label={`Remove feature ${index + 1}`}
                  onClick={() => setDraft((d) => ({ ...d, features: d.features.filter((_, i) => i !== index) }))}
                >
                  Remove
                </Button>
              )}
            </div>
            <Input
              label={`Feature ${index + 1} title`}
              value={feature.title}
              maxLength={120}
              error={errors[`features.${index}.title`]}
              onChange={(e) => setFeature(index, 'title', e.target.value)}
            />
            <TextBox
              label={`Feature ${index + 1} description`}
              rows={2}
              limit={600}
              value={feature.description}
              error={errors[`features.${index}.description`]}
              onChange={(e) => setFeature(index, 'description', e.target.value)}
            />
          </div>
        ))}
        {draft.features.length < MAX_FEATURES && (
          <Button
            variant="secondary"
            size="small"
            onClick={() => setDraft((d) => ({ ...d, features: [...d.features, { title: '', description: '' }] }))}
          >
            Add a feature
          </Button>
        )}
      </fieldset>
      <TextBox
        label="How it makes money"
        rows={2}
        limit={600}
        value={draft.monetisation}
        error={errors.monetisation}
        onChange={(e) => set('monetisation', e.target.value)}
      />
      <Input
        label="Tone of voice"
        value={draft.tone}
        maxLength={200}
        error={errors.tone}
        onChange={(e) => set('tone', e.target.value)}
      />
      <DraftSaveBar draft={versionDraft} label="Save blueprint" saving={save.isPending} />
    </form>
  );
}

function BlueprintHistory({ appId, currentVersionId }: { appId: string; currentVersionId: string | null }) {
  const versions = useInfiniteQuery(blueprintVersionsQuery(appId));
  const restore = useRestoreBlueprintVersion(appId);
  return (
    <RestorableVersions
      noun="blueprint"
      headingId="blueprint-versions-title"
      query={versions}
      versions={versions.data?.pages.flatMap((p) => p.versions) ?? []}
      currentVersionId={currentVersionId}
      restore={restore.mutate}
      footer={<OlderVersionsButton pages={versions} />}
    />
  );
}

/** The blueprint editor (save = updateBlueprint) beside its paginated version history. */
export function BlueprintTab({ appId, building }: { appId: string; building: boolean }) {
  const blueprint = useQuery({
    ...blueprintQuery(appId),
    // a build stores its blueprint when it completes: look again until it is there
    refetchInterval: (q) => (building && !q.state.data?.blueprint ? 1500 : false),
  });
  if (blueprint.isPending) return <LoadingState label="Loading the blueprint" />;
  if (blueprint.isError)
    return <ErrorState title="Could not load the blueprint" error={blueprint.error} onRetry={() => void blueprint.refetch()} />;
  const { blueprint: current, versionId } = blueprint.data;
  return (
    <div className="builder__grid">
      <div className="builder__column">
        {!current && (
          <p className="callout">
            {building
              ? 'The blueprint appears here once the build writes it.'
              : 'No blueprint yet: write one below, or build the app.'}
          </p>
        )}
        <BlueprintForm appId={appId} stored={current ?? EMPTY_BLUEPRINT} />
      </div>
      <div className="builder__column">
        <BlueprintHistory appId={appId} currentVersionId={versionId} />
      </div>
    </div>
  );
}
