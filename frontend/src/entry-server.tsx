import { dehydrate } from '@tanstack/react-query';
import type { RenderPage, ServerRenderAnswers, ServerRenderedPage } from '@sparkhouse/contracts/server-render';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './App';
import { routePattern } from './features/analytics/analytics';
import { arrivalEvents } from './features/analytics/arrival';
import type { AuthNavigation } from './features/auth';
import { routes } from './routes/router';
import { serverRenderedPage } from './server-rendered-pages';

/**
 * The web app's server bundle (built by `vite build --ssr` into frontend/dist-server): the API process
 * renders a page with it so the browser paints that page from the HTML, before any JavaScript ran.
 * The page is rendered as a visitor who is not signed in sees it; the browser's first render, from the
 * same answers, replaces it (and shows the member's own header if they are signed in).
 */

/** Nothing navigates on the server. */
const stayPut: AuthNavigation = { navigate: () => undefined, location: () => ({ pathname: '/', search: '' }) };

/**
 * The page's buttons and fields do nothing until the app has taken the page over (links work at
 * once): they come disabled, marked, so a click or typing is not lost in between (the app's own render
 * replaces them), and they still look as they will (components.css).
 */
function untilLive(html: string): string {
  return html.replace(/<(button|input|textarea|select)(?![^>]*\sdisabled)/g, '<$1 disabled="" data-until-live=""');
}

export const renderPage: RenderPage = async (path: string, answers: ServerRenderAnswers) => {
  const served = serverRenderedPage(path);
  if (!served) return null;
  const queryClient = createQueryClient();
  for (const { call, queryKey } of served.queries) {
    if (answers[call] !== undefined) queryClient.setQueryData(queryKey, answers[call]);
  }
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // waits for the page's lazy parts (they are in this bundle) instead of leaving their fallbacks
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={queryClient} navigation={stayPut}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  // what the app records on arriving here (the page view by its route, from RouteRules or a page with
  // OWN_PAGE_VIEW; the page's screen event), for theme-init.js to send if the visitor leaves before the app started
  const params = context.matches[context.matches.length - 1]?.params ?? {};
  const arrival = arrivalEvents(routePattern(path, params), served.screenEvent(answers));
  const page: ServerRenderedPage = { html: untilLive(html), state: dehydrate(queryClient), modules: served.modules, arrival };
  return page;
};
