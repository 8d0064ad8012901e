import { useTheme } from '../features/theme/useTheme';

export interface LogoProps {
  /** 'light' for light backgrounds, 'dark' for dark ones; by default it follows the theme. */
  variant?: 'light' | 'dark';
  height?: number;
  title?: string;
}

export function Logo({ variant, height = 28, title = 'Sparkhouse' }: LogoProps) {
  const theme = useTheme();
  const tone = variant ?? theme;
  const text = tone === 'dark' ? '#F2F2F7' : '#16162A';
  const badge = tone === 'dark' ? '#FAE26A' : '#1F1B3A';
  const bolt = tone === 'dark' ? '#1F1B3A' : '#FAE26A';
  return (
    <svg className="logo" data-variant={tone} height={height} viewBox="0 0 164 32" role="img" aria-label={title}>
      <rect width="32" height="32" rx="9" fill={badge} />
      <path d="M17.6 4 8 18h7l-1.6 10L24 13.5h-7.2L17.6 4z" fill={bolt} />
      <text x="42" y="22.5" fill={text} fontFamily="var(--font-family)" fontSize="19" fontWeight="700" letterSpacing="-0.4">
        Sparkhouse
      </text>
    </svg>
  );
}
