/** The product's name, as page titles and link previews carry it. */
export const SITE_NAME = 'Sparkhouse';

/**
 * A page's title as the browser's tab shows it, the same from the API's HTML and from the web app: the
 * page's own title, then the site's name — once (a title that already names the site first or last is
 * kept as it is).
 */
export function pageTitle(title: string): string {
  return title.endsWith(SITE_NAME) || title.startsWith(`${SITE_NAME} · `) ? title : `${title} · ${SITE_NAME}`;
}
