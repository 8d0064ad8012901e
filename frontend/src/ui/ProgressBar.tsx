export interface ProgressBarProps {
  /** 0-100. */
  value: number;
  label: string;
  /** Show the percentage next to the bar. */
  showValue?: boolean;
  className?: string;
}

export function ProgressBar({ value, label, showValue = false, className }: ProgressBarProps) {
  const percent = Math.round(Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0)));
  const complete = percent >= 100;
  return (
    <div className={['progress', complete && 'progress--complete', className].filter(Boolean).join(' ')}>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div
          className="progress__fill"
          data-testid="progress-fill"
          // The spec: green at 100 percent, otherwise the accent colour.
          style={{ width: `${percent}%`, backgroundColor: complete ? 'var(--color-success)' : 'var(--color-accent)' }}
        />
      </div>
      {showValue && (
        <span className="progress__value" aria-hidden="true">
          {percent}%
        </span>
      )}
    </div>
  );
}
