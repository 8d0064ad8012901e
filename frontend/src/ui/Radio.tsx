import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface RadioOptionProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
}

/** One option of a radio group; group several with the same `name` inside a <fieldset>. */
export function RadioOption({ label, description, id, className, ...rest }: RadioOptionProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <label htmlFor={inputId} className={['radio', className].filter(Boolean).join(' ')}>
      <input
        {...rest}
        id={inputId}
        type="radio"
        className="radio__input"
        aria-describedby={description ? `${inputId}-desc` : undefined}
      />
      <span className="radio__mark" aria-hidden="true" />
      <span className="radio__text">
        <span className="radio__label">{label}</span>
        {description && (
          <span id={`${inputId}-desc`} className="radio__description">
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
