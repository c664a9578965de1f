import { createIcon } from './create-icon';

export const IconWorld = /* @__PURE__ */ createIcon('outline', 'world', 'IconWorld', [
  ['path', { d: 'M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0', key: 'svg-0' }],
  ['path', { d: 'M3.6 9h16.8', key: 'svg-1' }],
  ['path', { d: 'M3.6 15h16.8', key: 'svg-2' }],
  ['path', { d: 'M11.5 3a17 17 0 0 0 0 18', key: 'svg-3' }],
  ['path', { d: 'M12.5 3a17 17 0 0 1 0 18', key: 'svg-4' }],
]);
