import { useState } from 'react';
import { Button, buttonClassName, type ButtonSize } from '../../ui';
import { ShareModal } from '../sharing';

/** A published app's public address: its landing page. */
export const liveAppPath = (app: { storefrontSlug: string; appSlug: string }) =>
  `/apps/${encodeURIComponent(app.storefrontSlug)}/${encodeURIComponent(app.appSlug)}`;

/**
 * "View live" (the app's landing page, in a new tab) and "Share" (the share modal: link, QR code,
 * the device's share sheet, email and social networks) for a published app.
 */
export function LiveAppActions({
  app,
  from,
  size = 'small',
}: {
  app: { appId: string; name: string; storefrontSlug: string; appSlug: string };
  /** The screen it is on, for the share events: 'publish', 'builder', 'dashboard'. */
  from: string;
  size?: ButtonSize;
}) {
  const [sharing, setSharing] = useState(false);
  const path = liveAppPath(app);
  return (
    <div className="live-actions">
      <a className={buttonClassName('secondary', size)} href={path} target="_blank" rel="noopener">
        View live<span className="visually-hidden"> (opens {app.name} in a new tab)</span>
      </a>
      <Button variant="secondary" size={size} onClick={() => setSharing(true)} aria-haspopup="dialog">
        Share<span className="visually-hidden"> {app.name}</span>
      </Button>
      <ShareModal
        open={sharing}
        onClose={() => setSharing(false)}
        url={path}
        title={app.name}
        subject={{ kind: 'app', from, id: app.appId }}
      />
    </div>
  );
}

/** Said once publishing went through: where the app lives now, with View live and Share. */
export function PublishedPanel({
  app,
  onDismiss,
}: {
  app: { appId: string; name: string; storefrontSlug: string; appSlug: string };
  onDismiss: () => void;
}) {
  const address = new URL(liveAppPath(app), window.location.origin).toString();
  return (
    <section className="card published-panel" aria-labelledby="published-title">
      <div>
        <p className="eyebrow">Published</p>
        <h2 id="published-title">{app.name} is live</h2>
        <p className="muted">
          Visitors find it at <span className="published-panel__url">{address}</span>
        </p>
      </div>
      <div className="row">
        <LiveAppActions app={app} from="publish" size="medium" />
        <Button variant="transparent" size="small" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
