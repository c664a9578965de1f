import { createIcon } from './create-icon';

export const IconChevronDown = /* @__PURE__ */ createIcon('outline', 'chevron-down', 'IconChevronDown', [
  ['path', { d: 'M6 9l6 6l6 -6', key: 'svg-0' }],
]);
