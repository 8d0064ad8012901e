import { TOASTS } from '@sparkhouse/contracts/constants';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CloseIcon } from './Icon';

export type ToastKind = 'info' | 'success' | 'error';

export interface ToastInput {
  message: string;
  title?: string;
  kind?: ToastKind;
}

interface Toast extends Required<Omit<ToastInput, 'title'>> {
  id: number;
  title?: string;
}

interface ToastApi {
  show: (toast: ToastInput) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, TOASTS.autoCloseMs);
    return () => clearTimeout(timer);
  }, [onClose]);

  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} aria-atomic="true">
      <span className="toast__dot" aria-hidden="true" />
      <div className="toast__body">
        {toast.title && <p className="toast__title">{toast.title}</p>}
        <p className="toast__message">{toast.message}</p>
      </div>
      <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={onClose}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

/** Toasts stack top-right and close themselves after 5 s (spec section 9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const closers = useRef(new Map<number, () => void>());

  const dismiss = useCallback((id: number) => {
    closers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, kind: input.kind ?? 'info', message: input.message, title: input.title }]);
    return id;
  }, []);

  // A stable close callback per toast, so its auto-close timer is not restarted by re-renders.
  const closerFor = (id: number) => {
    let closer = closers.current.get(id);
    if (!closer) {
      closer = () => dismiss(id);
      closers.current.set(id, closer);
    }
    return closer;
  };

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* a named region (a label on a plain div is not allowed); each toast announces itself */}
      <div className={`toasts toasts--${TOASTS.position}`} role="region" aria-label="Notifications">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={closerFor(toast.id)} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}
