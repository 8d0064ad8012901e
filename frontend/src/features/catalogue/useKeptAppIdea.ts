import { useEffect, useRef, useState } from 'react';
import { loadAppIdea, saveAppIdea } from './app-idea-storage';

const SAVE_DELAY_MS = 400;

/**
 * The app idea as it is typed, kept in local storage (appBuilderContextState) a moment after each
 * change, and picked up again on the next visit: the home app-idea builder and /build share it.
 */
export function useKeptAppIdea(): [string, (text: string) => void] {
  const [text, setText] = useState(() => loadAppIdea()?.text ?? '');
  const first = useRef(true);

  useEffect(() => {
    // what was just loaded is already stored
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => saveAppIdea(text), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return [text, setText];
}
