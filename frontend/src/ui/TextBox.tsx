import { useId, useState, type ChangeEvent, type TextareaHTMLAttributes } from 'react';
import { linkify } from './linkify';

export interface TextBoxProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'maxLength'> {
  label: string;
  /** Shows a "current/limit" counter and caps the length. */
  limit?: number;
  error?: string;
  hint?: string;
}

export function TextBox({
  label,
  limit,
  error,
  hint,
  id,
  value,
  defaultValue,
  onChange,
  rows = 4,
  className,
  ...rest
}: TextBoxProps) {
  const generatedId = useId();
  const textId = id ?? generatedId;
  const [uncontrolledLength, setUncontrolledLength] = useState(String(defaultValue ?? '').length);
  const length = value !== undefined && value !== null ? String(value).length : uncontrolledLength;
  const describedBy = [hint && `${textId}-hint`, limit && `${textId}-count`, error && `${textId}-error`]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={['textbox', error && 'textbox--error', className].filter(Boolean).join(' ')}>
      <label htmlFor={textId} className="textbox__label">
        {label}
      </label>
      <textarea
        {...rest}
        id={textId}
        rows={rows}
        value={value}
        defaultValue={defaultValue}
        maxLength={limit}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy || undefined}
        className="textbox__input"
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
          setUncontrolledLength(event.target.value.length);
          onChange?.(event);
        }}
      />
      <div className="textbox__meta">
        {hint && (
          <span id={`${textId}-hint`} className="textbox__hint">
            {hint}
          </span>
        )}
        {limit !== undefined && (
          <span id={`${textId}-count`} className="textbox__count" aria-live="polite">
            {length}/{limit}
          </span>
        )}
      </div>
      {error && (
        <p id={`${textId}-error`} className="field__error" role="alert">
          {linkify(error)}
        </p>
      )}
    </div>
  );
}
