import { useState, type FormEvent } from 'react';
import type { LinkPreview } from '@sparkhouse/contracts';
import { errorMessage } from '../../../api';
import { Button, Input } from '../../../ui';
import { RunWaiting, useJobRunLive } from '../../realtime';
import { describedBy, useDescribeLink, useLinkPreview } from './ai-assets.queries';

interface Described {
  description: string;
  highlights: string[];
  generatedBy: string;
}

/**
 * Add a web page to the app's material: its preview (title, description, image, site), then a
 * description written from what the page says — at once when quick, else followed live.
 */
export function LinkDescriber({ appId }: { appId: string }) {
  const [url, setUrl] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const preview = useLinkPreview();
  const describe = useDescribeLink(appId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    if (!/^https?:\/\/\S+$/i.test(address)) {
      setFormError('Give a web address starting with http:// or https://.');
      return;
    }
    setFormError(null);
    describe.reset();
    preview.mutate(address);
  };

  const answer = describe.data;
  return (
    <section className="link-describer card" aria-labelledby="link-describer-title">
      <h3 id="link-describer-title">Add a link</h3>
      <p className="muted">Paste a web page to preview it and describe it from what it says.</p>
      <form className="link-describer__form" onSubmit={submit} noValidate>
        <Input
          label="Web address"
          type="url"
          inputMode="url"
          autoComplete="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={formError ?? undefined}
        />
        <Button type="submit" loading={preview.isPending}>
          Preview
        </Button>
      </form>
      {formError && url && (
        <p role="alert" className="inline-error">
          {formError}
        </p>
      )}
      {preview.isError && (
        <p role="alert" className="inline-error">
          {errorMessage(preview.error)}
        </p>
      )}
      {preview.data && (
        <LinkCard page={preview.data}>
          {!answer && (
            <Button variant="secondary" loading={describe.isPending} onClick={() => describe.mutate(preview.data.url)}>
              Describe this page
            </Button>
          )}
          {describe.isError && (
            <p role="alert" className="inline-error">
              {errorMessage(describe.error)}
            </p>
          )}
          {answer?.status === 'completed' && <Description described={answer} />}
          {answer?.status === 'running' && <LiveDescription runId={answer.runId} />}
        </LinkCard>
      )}
    </section>
  );
}

function LinkCard({ page, children }: { page: LinkPreview; children: React.ReactNode }) {
  const host = new URL(page.url).hostname;
  return (
    <article className="link-card" aria-label="Link preview">
      {page.image && <img className="link-card__image" src={page.image} alt="" loading="lazy" referrerPolicy="no-referrer" />}
      <div className="link-card__body">
        <p className="link-card__site muted">{page.siteName ?? host}</p>
        <h4 className="link-card__title">
          <a href={page.url} target="_blank" rel="noopener noreferrer">
            {page.title ?? host}
          </a>
        </h4>
        {page.description && <p className="link-card__description">{page.description}</p>}
        {children}
      </div>
    </article>
  );
}

function Description({ described }: { described: Described }) {
  return (
    <div className="link-card__described" aria-label="Description" aria-live="polite">
      <p>{described.description}</p>
      {described.highlights.length > 0 && (
        <ul className="link-card__highlights">
          {described.highlights.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      )}
      <p className="muted small">
        {described.generatedBy === 'local-generator'
          ? 'Written by the built-in describer from the page’s own words.'
          : `Written by ${described.generatedBy}.`}
      </p>
    </div>
  );
}

/** A description still being written: its progress, live, then the description or why it failed. */
function LiveDescription({ runId }: { runId: string }) {
  const { data: run, isError, error } = useJobRunLive(runId);
  const described = describedBy(run);
  if (!isError && described) return <Description described={described} />;
  return (
    <RunWaiting
      run={run}
      error={isError ? error : null}
      label="Describing the page"
      failed="Failed to generate link description"
      className="link-card__progress"
    />
  );
}
