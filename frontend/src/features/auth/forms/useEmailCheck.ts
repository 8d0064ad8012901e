import { useCallback, useRef, useState } from 'react';
import type { AuthServices } from '../auth-services';
import { emailCheckWarning, normalizeEmail, type EmailCheckWarning } from '../validation';

/**
 * The email check before creating an account: a suggested fix or a low-score warning is shown
 * once per address; submitting the same address again continues.
 */
export function useEmailCheck(services: AuthServices) {
  const warned = useRef(new Set<string>());
  const [warning, setWarning] = useState<EmailCheckWarning | null>(null);

  const confirm = useCallback(
    async (email: string): Promise<boolean> => {
      const normalized = normalizeEmail(email);
      const info = warned.current.has(normalized) ? null : await services.checkEmail(normalized);
      const next = emailCheckWarning(normalized, info, warned.current.has(normalized));
      setWarning(next);
      if (!next) return true;
      warned.current.add(normalized);
      return false;
    },
    [services],
  );

  const clear = useCallback(() => setWarning(null), []);
  return { warning, confirm, clear };
}
