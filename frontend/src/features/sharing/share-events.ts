import { ANALYTICS_EVENTS } from '@sparkhouse/contracts/constants';

/**
 * The share modal's analytics events (spec: the creator storefront and product landing have a share
 * modal): opened, link copied, QR code downloaded, the device's share sheet opened, a network chosen.
 */
export const SHARE_EVENTS = {
  opened: ANALYTICS_EVENTS.shareModal,
  copied: ANALYTICS_EVENTS.shareLinkCopied,
  qrDownloaded: ANALYTICS_EVENTS.shareQrDownloaded,
  sheetOpened: ANALYTICS_EVENTS.shareSheetOpened,
  targetClicked: ANALYTICS_EVENTS.shareTargetClicked,
} as const;

export type ShareEvent = (typeof SHARE_EVENTS)[keyof typeof SHARE_EVENTS];

/** What is shared, sent with each event: which screen it was shared from and what. */
export interface ShareSubject {
  /** 'app' (a published app's landing page), 'storefront'… */
  kind: string;
  /** The screen the modal was opened on: 'publish', 'builder', 'dashboard', 'storefront'. */
  from: string;
  id?: string;
}

export type ShareTracker = (event: ShareEvent, properties: Record<string, unknown>) => void;

/** Records through the page's analytics client, loaded on first use (its own chunk). */
export const trackShare: ShareTracker = (event, properties) => {
  void import('../analytics/lazy').then(({ trackEvent }) => trackEvent(event, properties));
};
