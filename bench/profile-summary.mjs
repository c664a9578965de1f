// Summarizes a V8 CPU profile (BENCH_CPU_PROF writes one for the server): self time by package or app file and the
// heaviest functions, optionally over the profile's last N seconds only (the measured run rather than the set-up).
// Usage: node bench/profile-summary.mjs <file.cpuprofile> [last seconds] [top n]
import { readFileSync } from 'node:fs';

const [file, lastSeconds, topN = '25'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMicros = new Map();
let t = profile.startTime;
const times = profile.samples.map((_, i) => {
  t += profile.timeDeltas[i];
  return t;
});
const from = lastSeconds ? profile.endTime - Number(lastSeconds) * 1e6 : 0;
let total = 0;
profile.samples.forEach((id, i) => {
  if (times[i] < from) return;
  const delta = profile.timeDeltas[i + 1] ?? 0;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
  total += delta;
});

function placeOf(url) {
  if (!url) return '(native or V8)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node core';
  const app = url.match(/apps\/api\/dist\/(.*)$/);
  return app ? `app: ${app[1]}` : url;
}

const byPlace = new Map();
const byFunction = new Map();
for (const [id, micros] of selfMicros) {
  const { callFrame } = nodes.get(id);
  const place = placeOf(callFrame.url);
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
  const name = `${callFrame.functionName || '(anonymous)'} ${place}:${callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
}
const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(topN))
    .map(([name, micros]) => `${((micros / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log(`${(total / 1e6).toFixed(1)} s of samples${lastSeconds ? ` (last ${lastSeconds} s)` : ''}\n`);
console.log(`Self time by package or file:\n${top(byPlace)}\n`);
console.log(`Heaviest functions (self time):\n${top(byFunction)}`);
