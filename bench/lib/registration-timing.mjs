// Registration must not tell a new address from a taken one by its answer time (docs/decisions/013-step-up-and-sessions.md):
// alternate sign-ups of fresh and of already registered addresses, one at a time, and compare the medians.
import { json } from './users.mjs';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function registerOnce(app, email, index) {
  const password = 'Bench-Passphrase-42';
  const started = performance.now();
  const response = await fetch(`${app}/api/auth/register`, {
    method: 'POST',
    // Each attempt from its own address, so the per-address sign-up limit measures nothing here.
    headers: { ...json(app), 'x-forwarded-for': `203.0.${Math.floor(index / 250) % 250}.${(index % 250) + 1}` },
    body: JSON.stringify({ email, password, confirmPassword: password }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  return performance.now() - started;
}

// The server finishes each sign-up after answering it; a pause lets that settle, so one attempt's tail is not
// timed as the next one's answer.
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

export async function registrationTiming(app, takenEmail, runs = 100) {
  const fresh = [];
  const taken = [];
  for (let i = 0; i < runs; i += 1) {
    fresh.push(await registerOnce(app, `timing-${i}-${Date.now()}@example.com`, 2 * i));
    await settle();
    taken.push(await registerOnce(app, takenEmail, 2 * i + 1));
    await settle();
  }
  const row = (label, times) => ({ label, p50: percentile(times, 50), p95: percentile(times, 95) });
  return [row('new address', fresh), row('taken address', taken)];
}
