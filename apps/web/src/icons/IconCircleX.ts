import { createIcon } from './create-icon';

export const IconCircleX = /* @__PURE__ */ createIcon('outline', 'circle-x', 'IconCircleX', [
  ['path', { d: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', key: 'svg-0' }],
  ['path', { d: 'M10 10l4 4m0 -4l-4 4', key: 'svg-1' }],
]);
