import { createIcon } from './create-icon';

export const IconChevronRight = /* @__PURE__ */ createIcon('outline', 'chevron-right', 'IconChevronRight', [
  ['path', { d: 'M9 6l6 6l-6 6', key: 'svg-0' }],
]);
