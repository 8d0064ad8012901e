import { AppAddressChanged, type NewEvent } from '@sparkhouse/contracts';
import type { AppAddress, AppState } from './app-state';

/** The public address of an app: its landing page. */
export const appPath = (a: AppAddress) => `/apps/${a.storefrontSlug}/${a.appSlug}`;
/** A creator's storefront page. */
export const storefrontPath = (storefrontSlug: string) => `/creators/${storefrontSlug}`;

/**
 * The fact that moves the app to `to` (none when it is already there); `rekey`: its key moves with it
 * (only for an app nothing is filed under yet: never published, named by its first build).
 */
export function moveApp(app: Pick<AppState, 'appId' | 'address'>, to: AppAddress, rekey = false): NewEvent[] {
  const from = app.address;
  if (from.storefrontSlug === to.storefrontSlug && from.appSlug === to.appSlug) return [];
  return [
    {
      type: AppAddressChanged.type,
      payload: {
        appId: app.appId,
        storefrontSlug: to.storefrontSlug,
        appSlug: to.appSlug,
        previousStorefrontSlug: from.storefrontSlug,
        previousAppSlug: from.appSlug,
        rekeyed: rekey,
      },
    },
  ];
}

/** How an address resolves: the app there now, or the address it moved to (a 301), or nothing. */
export type Resolved<T> = { kind: 'here'; found: T } | { kind: 'moved'; to: string } | { kind: 'none' };
