import { useSyncExternalStore } from 'react';
import { getTheme, subscribeTheme, type Theme } from './theme';

export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, getTheme, () => 'light' as const);
}
