import { useEffect, useState } from 'react';

/** Re-renders every few seconds while `active`, so time-based state (the typing indicator, a waiting time) moves on. */
export function useNow(active: boolean, everyMs = 5_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    // Catch up after a pause, but not on mount: the first state is already now, and a list of
    // fifty rows each rendering again right after their first render cost the page a long task.
    setNow((shown) => (Date.now() - shown < everyMs ? shown : Date.now()));
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}
