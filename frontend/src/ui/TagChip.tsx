import type { ReactNode } from 'react';

export type TagTone = 'neutral' | 'primary' | 'success' | 'danger' | 'warning';

export interface TagChipProps {
  children: ReactNode;
  tone?: TagTone;
  /** Makes the chip a toggle button. */
  onClick?: () => void;
  selected?: boolean;
  /** Adds a remove button named "Remove <label>". */
  onRemove?: () => void;
  removeLabel?: string;
  className?: string;
}

export function TagChip({ children, tone = 'neutral', onClick, selected, onRemove, removeLabel, className }: TagChipProps) {
  const classes = ['tag', `tag--${tone}`, selected && 'tag--selected', className].filter(Boolean).join(' ');
  if (onClick) {
    return (
      <button type="button" className={classes} aria-pressed={selected ?? false} onClick={onClick}>
        {children}
      </button>
    );
  }
  return (
    <span className={classes}>
      {children}
      {onRemove && (
        <button
          type="button"
          className="tag__remove"
          aria-label={removeLabel ?? `Remove ${typeof children === 'string' ? children : 'tag'}`}
          onClick={onRemove}
        >
          ×
        </button>
      )}
    </span>
  );
}
