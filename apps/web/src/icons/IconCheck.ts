import { createIcon } from './create-icon';

export const IconCheck = /* @__PURE__ */ createIcon('outline', 'check', 'IconCheck', [
  ['path', { d: 'M5 12l5 5l10 -10', key: 'svg-0' }],
]);
