import { useEffect, useState } from 'react';

/** Re-renders every few seconds while `active`, so time-based state (the typing indicator, a waiting time) moves on. */
export function useNow(active: boolean, everyMs = 5_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}
