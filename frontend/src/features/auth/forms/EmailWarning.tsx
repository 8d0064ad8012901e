import type { EmailCheckWarning } from '../validation';
import { FormMessage } from './FormMessage';

/** Shows the email check's warning; a suggestion can be taken with one click. */
export function EmailWarning({
  warning,
  onUseSuggestion,
}: {
  warning: EmailCheckWarning | null;
  onUseSuggestion: (email: string) => void;
}) {
  if (!warning) return null;
  return (
    <FormMessage kind="warning">
      <span>{warning.message}</span>
      {warning.kind === 'suggestion' && (
        <button type="button" className="auth-link" onClick={() => onUseSuggestion(warning.suggestion)}>
          Use {warning.suggestion}
        </button>
      )}
    </FormMessage>
  );
}
