import type { ReactNode } from 'react';

/** A form-level message: errors are alerts (announced at once), notes and warnings are polite. */
export function FormMessage({ kind, children }: { kind: 'error' | 'warning' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`auth-message auth-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
