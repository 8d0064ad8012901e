import { useEffect, useId, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { linkify } from './linkify';

/** Spec section 9: with autoFocus, the label floats (and focus lands) after the modal's slide-up. */
export const LABEL_FOCUS_DELAY_MS = 300;

/** Controls that take typing: the delayed autofocus leaves the focus in one of these alone. */
const TYPING_TARGETS = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  error?: string;
  /** Outline the field in the danger colour while the error shows. */
  errorOutline?: boolean;
  icon?: ReactNode;
  textType?: 'default' | 'muted';
}

export function Input({
  label,
  error,
  errorOutline = false,
  icon,
  textType = 'default',
  type = 'text',
  id,
  autoFocus,
  className,
  onChange,
  onFocus,
  onBlur,
  value,
  defaultValue,
  ...rest
}: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const [uncontrolledLength, setUncontrolledLength] = useState(String(defaultValue ?? '').length);
  const [revealed, setRevealed] = useState(false);

  const length = value !== undefined && value !== null ? String(value).length : uncontrolledLength;
  const floated = focused || length > 0;
  // The spec: the error label and message show only while nothing has been typed.
  const showError = Boolean(error) && length === 0;
  const isPassword = type === 'password';

  useEffect(() => {
    if (!autoFocus) return;
    const timer = setTimeout(() => {
      const input = inputRef.current;
      const active = document.activeElement;
      // someone already went on to another field meanwhile (a quick typist, a password manager, a
      // busy machine's late timer): what they type stays where they are
      if (!input || (active && active !== input && active.matches(TYPING_TARGETS))) return;
      input.focus();
    }, LABEL_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoFocus]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setUncontrolledLength(event.target.value.length);
    onChange?.(event);
  };

  return (
    <div
      className={[
        'field',
        floated && 'field--floated',
        focused && 'field--focused',
        showError && 'field--error',
        showError && errorOutline && 'field--error-outline',
        icon && 'field--with-icon',
        isPassword && 'field--with-toggle',
        textType === 'muted' && 'field--muted',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <div className="field__control">
        {icon && (
          <span className="field__icon" aria-hidden="true">
            {icon}
          </span>
        )}
        <input
          {...rest}
          ref={inputRef}
          id={inputId}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          defaultValue={defaultValue}
          className="field__input"
          aria-invalid={showError || undefined}
          aria-describedby={showError ? errorId : undefined}
          onChange={handleChange}
          onFocus={(event) => {
            setFocused(true);
            onFocus?.(event);
          }}
          onBlur={(event) => {
            setFocused(false);
            onBlur?.(event);
          }}
        />
        <label htmlFor={inputId} className="field__label">
          {label}
        </label>
        {isPassword && (
          <button
            type="button"
            className="field__toggle"
            aria-label={revealed ? 'Hide password' : 'Show password'}
            aria-pressed={revealed}
            aria-controls={inputId}
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {showError && error && (
        <p id={errorId} className="field__error" role="alert">
          {linkify(error)}
        </p>
      )}
    </div>
  );
}
