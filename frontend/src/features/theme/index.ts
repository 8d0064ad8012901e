export { ThemeToggle } from './ThemeToggle';
export { useTheme } from './useTheme';
export { initTheme, setTheme, getTheme, type Theme } from './theme';
