/** An error beside a form or an action, announced when it appears; nothing when there is none. */
export function InlineAlert({ error }: { error: string | null | undefined }) {
  return error ? (
    <p className="inline-error" role="alert">
      {error}
    </p>
  ) : null;
}
