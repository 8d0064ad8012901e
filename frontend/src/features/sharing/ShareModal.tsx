import { useEffect, useId, useRef, useState } from 'react';
import { Button, Modal } from '../../ui';
import { SHARE_EVENTS, trackShare, type ShareSubject, type ShareTracker } from './share-events';
import { absoluteShareUrl, qrFileName, shareTargets, svgDataUrl } from './share-links';
import './sharing.css';

export interface ShareModalProps {
  open: boolean;
  onClose: () => void;
  /** What to share: a path of this site (`/apps/{storefrontSlug}/{appSlug}`) or an absolute address. */
  url: string;
  /** The page's name, for the share text and the QR code's file. */
  title: string;
  subject: ShareSubject;
  /** Where events go (tests pass their own). */
  track?: ShareTracker;
}

type Copy = 'idle' | 'copied' | 'failed';

/** The QR code of `url` as SVG text, made in the browser (the qrcode library, no request). */
function useQrSvg(url: string, open: boolean): { svg: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string; svg: string | null; failed: boolean }>({ url: '', svg: null, failed: false });
  useEffect(() => {
    if (!open || state.url === url) return;
    let live = true;
    import('qrcode')
      .then((qr) =>
        qr.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#111111', light: '#ffffff' } }),
      )
      .then(
        (svg) => live && setState({ url, svg, failed: false }),
        () => live && setState({ url, svg: null, failed: true }),
      );
    return () => {
      live = false;
    };
  }, [open, url, state.url]);
  return state.url === url ? state : { svg: null, failed: false };
}

/**
 * Share a page: its address to copy, a QR code (SVG, downloadable), the device's share sheet where
 * the browser has one (Web Share API), and links for email and the big social networks.
 */
export function ShareModal({ open, onClose, url, title, subject, track = trackShare }: ShareModalProps) {
  // (rendered on the server too, closed, inside a server-rendered page)
  const address = absoluteShareUrl(url, typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
  const [copy, setCopy] = useState<Copy>('idle');
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const qr = useQrSvg(address, open);
  const canShare = open && typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const props = { url: address, subject: subject.kind, from: subject.from, id: subject.id };

  useEffect(() => {
    if (open) {
      setCopy('idle');
      track(SHARE_EVENTS.opened, props);
    }
    // once per opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopy('copied');
      track(SHARE_EVENTS.copied, props);
    } catch {
      // no clipboard (permissions, insecure context): the address is selected for the visitor to copy
      field.current?.select();
      setCopy('failed');
    }
  };

  const shareSheet = async () => {
    track(SHARE_EVENTS.sheetOpened, props);
    try {
      await navigator.share({ title, text: title, url: address });
    } catch {
      // closed without sharing: nothing to do
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={`Share ${title}`}>
      <div className="share">
        <div className="share__link">
          <label htmlFor={fieldId} className="share__label">
            Link
          </label>
          <div className="share__link-row">
            <input
              id={fieldId}
              ref={field}
              className="share__url"
              value={address}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button onClick={() => void copyLink()}>{copy === 'copied' ? 'Copied' : 'Copy link'}</Button>
          </div>
          <p className="share__status" role="status" aria-live="polite">
            {copy === 'copied'
              ? 'Link copied to the clipboard.'
              : copy === 'failed'
                ? 'Press Ctrl+C (or ⌘C) to copy the selected link.'
                : ''}
          </p>
        </div>

        <div className="share__qr">
          {qr.svg ? (
            <img className="share__qr-image" src={svgDataUrl(qr.svg)} alt={`QR code for ${address}`} width={176} height={176} />
          ) : (
            <div className="share__qr-image share__qr-image--pending" aria-hidden="true" />
          )}
          {qr.failed && <p className="inline-error">The QR code could not be made.</p>}
          {qr.svg && (
            <a
              className="link-arrow"
              href={svgDataUrl(qr.svg)}
              download={qrFileName(title)}
              onClick={() => track(SHARE_EVENTS.qrDownloaded, props)}
            >
              Download QR code (SVG)
            </a>
          )}
        </div>

        {canShare && (
          <Button variant="secondary" onClick={() => void shareSheet()}>
            Share from this device…
          </Button>
        )}

        <ul className="share__targets" aria-label="Share on">
          {shareTargets(address, title).map((target) => (
            <li key={target.id}>
              <a
                className="share__target"
                href={target.href}
                target={target.id === 'email' ? undefined : '_blank'}
                rel="noopener noreferrer"
                data-target={target.id}
                onClick={() => track(SHARE_EVENTS.targetClicked, { ...props, target: target.id })}
              >
                {target.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
