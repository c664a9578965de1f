import { createIcon } from './create-icon';

export const IconClockHour4 = /* @__PURE__ */ createIcon('outline', 'clock-hour-4', 'IconClockHour4', [
  ['path', { d: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', key: 'svg-0' }],
  ['path', { d: 'M12 12l3 2', key: 'svg-1' }],
  ['path', { d: 'M12 7v5', key: 'svg-2' }],
]);
