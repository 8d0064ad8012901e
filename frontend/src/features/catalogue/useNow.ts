import { useEffect, useState } from 'react';

/** The current time, refreshed every `periodMs` while `active` (a countdown ticking). */
export function useNow(periodMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs, active]);
  return now;
}
