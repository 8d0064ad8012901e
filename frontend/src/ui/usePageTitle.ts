import { pageTitle, SITE_NAME } from '@sparkhouse/contracts/page-title';
import { useEffect } from 'react';

/**
 * The tab's title while the page shows: "<title> · Sparkhouse" (`asIs`: the title alone, e.g. a member
 * app's own name). While `title` is not known yet, and once the page has gone, the tab reads the site's
 * name: never the title of a page left behind. One title per page: the page's own component sets it.
 */
export function usePageTitle(title: string | null | undefined, { asIs = false }: { asIs?: boolean } = {}) {
  useEffect(() => {
    if (!title) return;
    document.title = asIs ? title : pageTitle(title);
    return () => {
      document.title = SITE_NAME;
    };
  }, [title, asIs]);
}
