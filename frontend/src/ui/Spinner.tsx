export interface SpinnerProps {
  /** Announced to screen readers; omit when the spinner only decorates a labelled control. */
  label?: string;
  size?: number;
  className?: string;
}

export function Spinner({ label, size = 16, className }: SpinnerProps) {
  const spinner = (
    <span className={['spinner', className].filter(Boolean).join(' ')} style={{ width: size, height: size }} aria-hidden="true" />
  );
  if (!label) return spinner;
  return (
    <span role="status" className="spinner-wrap">
      {spinner}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
