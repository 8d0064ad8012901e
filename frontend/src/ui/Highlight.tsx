const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface HighlightProps {
  text: string;
  query: string;
}

/** Wraps every case-insensitive match of `query` in <mark>. */
export function Highlight({ text, query }: HighlightProps) {
  const needle = query.trim();
  if (!needle) return <>{text}</>;
  const parts = text.split(new RegExp(`(${escapeRegExp(needle)})`, 'gi'));
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className="highlight">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}
