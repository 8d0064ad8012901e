import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CLOSE_PATH, Icon } from './Icon';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Visually hide the title (it still names the dialog). */
  hideTitle?: boolean;
  children: ReactNode;
  /** A "back" step inside a multi-step modal. */
  onPrevious?: () => void;
  /** Gallery navigation. */
  onGalleryPrevious?: () => void;
  onNext?: () => void;
  /** Only the form's own submit may close it: no Escape, no outside click, no close button. */
  blockedUntilSubmit?: boolean;
  /** Outside clicks are ignored (Escape and the close button still work). */
  preserve?: boolean;
  size?: 'small' | 'medium' | 'large';
}

const PathIcon = ({ d }: { d: string }) => (
  <Icon>
    <path d={d} />
  </Icon>
);

export function Modal({
  open,
  onClose,
  title,
  hideTitle,
  children,
  onPrevious,
  onGalleryPrevious,
  onNext,
  blockedUntilSubmit = false,
  preserve = false,
  size = 'medium',
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Focus moves into the dialog on open and back to whatever had it on close.
  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    // Prefer the first control of the content (a form field) over the header's buttons.
    const first =
      dialog?.querySelector('.modal__body')?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog?.querySelector<HTMLElement>(FOCUSABLE);
    // (a field of the content that focused itself on mount keeps the focus: typing may have begun)
    if (!(dialog && dialog !== document.activeElement && dialog.contains(document.activeElement))) (first ?? dialog)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (!blockedUntilSubmit) {
          event.stopPropagation();
          onCloseRef.current();
        }
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      // Keep Tab inside the dialog.
      const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, blockedUntilSubmit]);

  if (!open) return null;

  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (blockedUntilSubmit || preserve) return;
    onClose();
  };

  return createPortal(
    <div className="modal-backdrop" data-testid="modal-backdrop" onClick={onBackdropClick}>
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__header">
          <div className="modal__nav">
            {onPrevious && (
              <button type="button" className="icon-button" aria-label="Back" onClick={onPrevious}>
                <PathIcon d="M15 18l-6-6 6-6" />
              </button>
            )}
          </div>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
            {title}
          </h2>
          <div className="modal__nav modal__nav--end">
            {!blockedUntilSubmit && (
              <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
                <PathIcon d={CLOSE_PATH} />
              </button>
            )}
          </div>
        </div>
        <div className="modal__body">{children}</div>
        {(onGalleryPrevious || onNext) && (
          <div className="modal__gallery">
            {onGalleryPrevious && (
              <button type="button" className="icon-button icon-button--raised" aria-label="Previous" onClick={onGalleryPrevious}>
                <PathIcon d="M15 18l-6-6 6-6" />
              </button>
            )}
            {onNext && (
              <button type="button" className="icon-button icon-button--raised" aria-label="Next" onClick={onNext}>
                <PathIcon d="M9 6l6 6-6 6" />
              </button>
            )}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
