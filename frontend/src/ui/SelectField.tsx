import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Icon } from './Icon';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  children: ReactNode;
}

/** A labelled native select in the kit's field frame, with the chevron that says it opens a list. */
export function SelectField({ label, id, className, children, ...rest }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={className ? `select-field ${className}` : 'select-field'}>
      <label htmlFor={selectId}>{label}</label>
      <select id={selectId} {...rest}>
        {children}
      </select>
      <Icon className="select-field__chevron" size={18}>
        <path d="M6 9l6 6 6-6" />
      </Icon>
    </div>
  );
}
