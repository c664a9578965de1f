import { useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (never below 0), updated every second. */
export function useSecondsLeft(deadline: string): number {
  const deadlineMs = Date.parse(deadline);
  const secondsLeft = () => Math.max(0, Math.floor((deadlineMs - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(secondsLeft);

  // biome-ignore lint/correctness/useExhaustiveDependencies: secondsLeft only reads deadlineMs.
  useEffect(() => {
    setSeconds(secondsLeft());
    const timer = window.setInterval(() => setSeconds(secondsLeft()), 1000);
    return () => window.clearInterval(timer);
  }, [deadlineMs]);

  return seconds;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** mm:ss, with hours in front for long-lived invoices: "59:07", "1:05:00". */
export function formatCountdown(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
