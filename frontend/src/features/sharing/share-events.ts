/**
 * The share modal's analytics events (spec: the creator storefront and product landing have a share
 * modal): opened, link copied, QR code downloaded, the device's share sheet opened, a network chosen.
 */
export const SHARE_EVENTS = {
  opened: 'Share Modal Viewed',
  copied: 'Share Link Copied',
  qrDownloaded: 'Share QR Code Downloaded',
  sheetOpened: 'Share Sheet Opened',
  targetClicked: 'Share Target Clicked',
} as const;

export type ShareEvent = (typeof SHARE_EVENTS)[keyof typeof SHARE_EVENTS];

/** What is shared, sent with each event: which screen it was shared from and what. */
export interface ShareSubject {
  /** 'app' (a published app's landing page), 'storefront', 'class'… */
  kind: string;
  /** The screen the modal was opened on: 'publish', 'builder', 'dashboard'. */
  from: string;
  id?: string;
}

export type ShareTracker = (event: ShareEvent, properties: Record<string, unknown>) => void;

/** Records through the page's analytics client, loaded on first use (its own chunk). */
export const trackShare: ShareTracker = (event, properties) => {
  void import('../analytics').then(({ getAnalytics }) => getAnalytics().track(event, properties));
};
