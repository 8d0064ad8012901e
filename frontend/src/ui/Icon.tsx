import type { ReactNode } from 'react';

/** A line icon on the 24-unit grid, drawn in the text colour; decorative (its control carries the name). */
export function Icon({ size = 20, className, children }: { size?: number; className?: string; children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** The cross of a close or dismiss button. */
export const CLOSE_PATH = 'M6 6l12 12M18 6L6 18';

export function CloseIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d={CLOSE_PATH} />
    </Icon>
  );
}
