import { useEffect, useState } from 'preact/hooks';

/** The current time, re-rendering every `ms` while `active` (for elapsed-time displays). */
export function useNow(ms: number, active = true): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms, active]);
  return now;
}
