export interface LogoProps {
  height?: number;
  title?: string;
}

/**
 * The Sparkhouse logo. Its colours come from the stylesheet by the page's theme (layout.css), so a
 * page the API rendered, painted before the app ran, shows the right one.
 */
export function Logo({ height = 28, title = 'Sparkhouse' }: LogoProps) {
  return (
    <svg className="logo" height={height} viewBox="0 0 164 32" role="img" aria-label={title}>
      <rect className="logo__badge" width="32" height="32" rx="9" />
      <path className="logo__bolt" d="M17.6 4 8 18h7l-1.6 10L24 13.5h-7.2L17.6 4z" />
      <text
        className="logo__text"
        x="42"
        y="22.5"
        fontFamily="var(--font-family)"
        fontSize="19"
        fontWeight="700"
        letterSpacing="-0.4"
      >
        Sparkhouse
      </text>
    </svg>
  );
}
