import { useEffect } from 'react';
import type { AppAddress } from './member-app.queries';

/** The service worker's address; it serves the member apps (under /apps/) offline. */
export const MEMBER_SW_URL = '/member-sw.js';

/**
 * Makes the member app installable: the app's own web app manifest (name, icon, theme colour, start URL)
 * linked from the page, the theme colour, and the service worker that keeps the app usable offline.
 */
export function useInstallable(address: AppAddress, app: { name: string; themeColor: string } | null) {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `/api/apps/member/${encodeURIComponent(address.storefrontSlug)}/${encodeURIComponent(address.appSlug)}/manifest.webmanifest`;
    document.head.appendChild(link);
    if ('serviceWorker' in navigator) void navigator.serviceWorker.register(MEMBER_SW_URL, { scope: '/' }).catch(() => undefined);
    return () => link.remove();
  }, [address.storefrontSlug, address.appSlug]);
  useEffect(() => {
    if (!app) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    const created = !meta;
    meta ??= Object.assign(document.createElement('meta'), { name: 'theme-color' });
    const before = meta.content;
    meta.content = app.themeColor;
    if (created) document.head.appendChild(meta);
    const title = document.title;
    document.title = app.name;
    return () => {
      if (created) meta.remove();
      else meta.content = before;
      document.title = title;
    };
  }, [app?.name, app?.themeColor]); // eslint-disable-line react-hooks/exhaustive-deps -- the app's name and colour are what matter
}
