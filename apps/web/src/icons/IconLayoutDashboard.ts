import { createIcon } from './create-icon';

export const IconLayoutDashboard = /* @__PURE__ */ createIcon('outline', 'layout-dashboard', 'IconLayoutDashboard', [
  ['path', { d: 'M5 4h4a1 1 0 0 1 1 1v6a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1v-6a1 1 0 0 1 1 -1', key: 'svg-0' }],
  ['path', { d: 'M5 16h4a1 1 0 0 1 1 1v2a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1v-2a1 1 0 0 1 1 -1', key: 'svg-1' }],
  ['path', { d: 'M15 12h4a1 1 0 0 1 1 1v6a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1v-6a1 1 0 0 1 1 -1', key: 'svg-2' }],
  ['path', { d: 'M15 4h4a1 1 0 0 1 1 1v2a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1v-2a1 1 0 0 1 1 -1', key: 'svg-3' }],
]);
