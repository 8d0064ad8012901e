import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { callApi } from '../../api/call-api';
import { storefronts } from '../../api/routes';
import { Button, Input, TextBox } from '../../ui';
import { StorefrontPhoto } from './StorefrontPhoto';
import { myStorefrontQuery, storefrontKeys, storefrontPath } from './storefronts.queries';
import './storefront-settings.css';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The creator's storefront settings: its address (/creators/{slug}; the old one keeps leading there,
 * and so do the old addresses of their apps), their photo and the bio it shows. Nothing before their first app.
 */
export function StorefrontSettings() {
  const mine = useQuery(myStorefrontQuery());
  const current = mine.data?.storefront;
  if (!current?.storefrontSlug) return null;
  return <StorefrontForm slug={current.storefrontSlug} bio={current.bio ?? ''} photoUrl={current.photoUrl} />;
}

function StorefrontForm({ slug, bio, photoUrl }: { slug: string; bio: string; photoUrl: string | null }) {
  const queryClient = useQueryClient();
  const [nextSlug, setNextSlug] = useState(slug);
  const [nextBio, setNextBio] = useState(bio);
  const [invalid, setInvalid] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => callApi(storefronts.updateStorefront, { body: { storefrontSlug: nextSlug, bio: nextBio } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(myStorefrontQuery().queryKey, (was) => ({
        storefront: {
          storefrontSlug: answer.storefrontSlug,
          bio: nextBio.trim() || null,
          photoUrl: was?.storefront.photoUrl ?? null,
        },
      }));
      void queryClient.invalidateQueries({ queryKey: storefrontKeys.all });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = nextSlug.trim().toLowerCase();
    if (wanted.length < 3 || wanted.length > 48 || !SLUG.test(wanted)) {
      setInvalid('A storefront address is 3 to 48 lower-case letters, digits and dashes.');
      return;
    }
    setInvalid(undefined);
    setNextSlug(wanted);
    save.mutate();
  };
  return (
    <form className="card storefront-settings" onSubmit={submit} aria-labelledby="storefront-settings-title" noValidate>
      <h2 id="storefront-settings-title">Your storefront</h2>
      <p className="muted">
        Visitors find your published apps and classes at <Link to={storefrontPath(slug)}>{`/creators/${slug}`}</Link>. A new
        address keeps the old links working.
      </p>
      <StorefrontPhoto photoUrl={photoUrl} />
      <Input
        label="Storefront address"
        value={nextSlug}
        onChange={(e) => setNextSlug(e.target.value)}
        error={invalid}
        errorOutline
        autoComplete="off"
        spellCheck={false}
      />
      {invalid && (
        <p className="field__error" role="alert">
          {invalid}
        </p>
      )}
      <TextBox label="Bio" value={nextBio} onChange={(e) => setNextBio(e.target.value)} rows={3} limit={600} />
      {save.isError && (
        <p className="inline-error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p className="callout" role="status">
          Saved. Your storefront is at{' '}
          <Link to={storefrontPath(save.data.storefrontSlug)}>{`/creators/${save.data.storefrontSlug}`}</Link>.
        </p>
      )}
      <Button type="submit" loading={save.isPending}>
        Save storefront
      </Button>
    </form>
  );
}
