import { useCallback, useEffect, useState } from 'react';
import type { AppAddress } from './member-app.queries';
import { usePageTitle } from '../../ui';

/** The service worker's address; it serves the member apps (under /apps/) offline. */
export const MEMBER_SW_URL = '/member-sw.js';

/** The worker that controls the page, once one does (at once when it already did). */
function controller(signal: AbortSignal): Promise<ServiceWorker> {
  const sw = navigator.serviceWorker;
  if (sw.controller) return Promise.resolve(sw.controller);
  return new Promise((resolve) => {
    const changed = () => {
      if (!sw.controller) return;
      sw.removeEventListener('controllerchange', changed);
      resolve(sw.controller);
    };
    sw.addEventListener('controllerchange', changed);
    signal.addEventListener('abort', () => sw.removeEventListener('controllerchange', changed));
  });
}

/**
 * A first visit loads the page, its scripts and the member's data before the service worker controls
 * it: once it does, the worker is asked to keep the page and its scripts, and `onControlled` says the
 * data should be loaded again through it, so a reload offline opens the app.
 */
function keepForOffline(signal: AbortSignal, onControlled: () => void) {
  // already controlled: the page, its scripts and its data came through the worker, which kept them
  if (navigator.serviceWorker.controller) return;
  void controller(signal).then((worker) => {
    if (signal.aborted) return;
    const urls = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => u.startsWith(`${location.origin}/`) && !u.startsWith(`${location.origin}/api/`));
    worker.postMessage({ type: 'keep', page: location.pathname, urls });
    onControlled();
  });
}

/**
 * Whether the member's data, loaded before the service worker controlled the page, should be loaded
 * again through it (`pending`), and `kept()` once that load has started through the worker.
 */
export interface DataToKeep {
  pending: boolean;
  kept: () => void;
}

/**
 * Makes the member app installable: the app's own web app manifest (name, icon, theme colour, start URL)
 * linked from the page, the theme colour, and the service worker that keeps the app usable offline.
 */
export function useInstallable(address: AppAddress, app: { name: string; themeColor: string } | null): DataToKeep {
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `/api/apps/member/${encodeURIComponent(address.storefrontSlug)}/${encodeURIComponent(address.appSlug)}/manifest.webmanifest`;
    document.head.appendChild(link);
    const stop = new AbortController();
    if ('serviceWorker' in navigator) {
      void navigator.serviceWorker.register(MEMBER_SW_URL, { scope: '/' }).catch(() => undefined);
      keepForOffline(stop.signal, () => setPending(true));
    }
    return () => {
      stop.abort();
      link.remove();
    };
  }, [address.storefrontSlug, address.appSlug]);
  useEffect(() => {
    if (!app) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    const created = !meta;
    meta ??= Object.assign(document.createElement('meta'), { name: 'theme-color' });
    const before = meta.content;
    meta.content = app.themeColor;
    if (created) document.head.appendChild(meta);
    return () => {
      if (created) meta.remove();
      else meta.content = before;
    };
  }, [app?.themeColor]); // eslint-disable-line react-hooks/exhaustive-deps -- the app's colour is what matters
  // the tab (and the installed app's window) reads the app's own name
  usePageTitle(app?.name, { asIs: true });
  const kept = useCallback(() => setPending(false), []);
  return { pending, kept };
}
