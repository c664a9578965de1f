import { createIcon } from './create-icon';

export const IconArrowsExchange = /* @__PURE__ */ createIcon('outline', 'arrows-exchange', 'IconArrowsExchange', [
  ['path', { d: 'M7 10h14l-4 -4', key: 'svg-0' }],
  ['path', { d: 'M17 14h-14l4 4', key: 'svg-1' }],
]);
