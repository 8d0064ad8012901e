import { useEffect } from 'react';

/** The tab's title while the page shows: "<title> · Sparkhouse"; left as it is while `title` is not known yet. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · Sparkhouse`;
  }, [title]);
}
