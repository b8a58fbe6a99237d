import { useEffect, useState } from 'react';
import { serverNow } from './api-client';

const pad = (value: number) => String(value).padStart(2, '0');

/** Hours, minutes and seconds left until `until` (0 when past). */
export function timeLeft(until: string, now: number) {
  const seconds = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  return {
    hours: Math.floor(seconds / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}

/** What is left until `until` as hh:mm:ss (hours not capped at 24). */
export function formatTimeLeft(until: string, now: number): string {
  const left = timeLeft(until, now);
  return `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`;
}

/** The time now by the server's clock, refreshed every second (SPEC §9: countdown refresh 1 s). */
export function useNow(intervalMs = 1000) {
  const [now, setNow] = useState(() => serverNow().getTime());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow().getTime()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
