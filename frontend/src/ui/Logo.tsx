export interface LogoProps {
  /** A fixed tone (e.g. on a picture); without one the logo follows the page's theme. */
  variant?: 'light' | 'dark';
  height?: number;
  title?: string;
}

const TONES = {
  light: { text: '#16162A', badge: '#1F1B3A', bolt: '#FAE26A' },
  dark: { text: '#F2F2F7', badge: '#FAE26A', bolt: '#1F1B3A' },
};

/**
 * The Sparkhouse logo. Without a variant its colours come from the stylesheet by the page's theme
 * (layout.css), so a page the API rendered, painted before the app ran, shows the right one.
 */
export function Logo({ variant, height = 28, title = 'Sparkhouse' }: LogoProps) {
  const tone = variant ? TONES[variant] : undefined;
  return (
    <svg className="logo" data-variant={variant} height={height} viewBox="0 0 164 32" role="img" aria-label={title}>
      <rect className="logo__badge" width="32" height="32" rx="9" fill={tone?.badge} />
      <path className="logo__bolt" d="M17.6 4 8 18h7l-1.6 10L24 13.5h-7.2L17.6 4z" fill={tone?.bolt} />
      <text
        className="logo__text"
        x="42"
        y="22.5"
        fill={tone?.text}
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
