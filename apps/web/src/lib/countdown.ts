import { useEffect, useState } from 'react';

const secondsUntil = (deadlineMs: number) => Math.max(0, Math.floor((deadlineMs - Date.now()) / 1000));

/** Whole seconds left until `deadline` (never below 0), updated every second; 0 without a deadline. */
export function useSecondsLeft(deadline: string | null): number {
  const deadlineMs = deadline === null ? Number.NaN : Date.parse(deadline);
  const hasDeadline = Number.isFinite(deadlineMs);
  const [seconds, setSeconds] = useState(() => (hasDeadline ? secondsUntil(deadlineMs) : 0));

  useEffect(() => {
    if (!hasDeadline) {
      setSeconds(0);
      return;
    }
    setSeconds(secondsUntil(deadlineMs));
    const timer = window.setInterval(() => {
      const left = secondsUntil(deadlineMs);
      setSeconds(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadlineMs, hasDeadline]);

  return seconds;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** mm:ss, with hours in front for long waits: "59:07", "1:05:00". */
export function formatCountdown(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
