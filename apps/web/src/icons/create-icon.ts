/**
 * The icon component of Tabler Icons (https://tabler.io/icons, MIT licence, © Paweł Kuna), as
 * `@tabler/icons-react` 3.51.0 builds it: an inline SVG of 24 × 24 drawn with the current text colour. The app
 * keeps the hundred-odd icons it shows in this folder rather than install the package's 6,000 (17,800 files, a
 * third of a fresh install's; decision 038). `scripts/copy-tabler-icons.mjs` adds one.
 */
import { createElement, type ForwardRefExoticComponent, forwardRef, type RefAttributes, type SVGProps } from 'react';

export interface IconProps extends Partial<Omit<SVGProps<SVGSVGElement>, 'stroke' | 'ref'>> {
  size?: string | number;
  stroke?: string | number;
  title?: string;
}

export type TablerIcon = ForwardRefExoticComponent<IconProps & RefAttributes<SVGSVGElement>>;

/** `[element, attributes]` pairs, each with its React key. */
export type IconNode = [
  element: 'path' | 'circle' | 'rect' | 'line' | 'polyline' | 'polygon',
  attrs: Record<string, string>,
][];

const OUTLINE = {
  xmlns: 'http://www.w3.org/2000/svg',
  viewBox: '0 0 24 24',
  fill: 'none',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;
const FILLED = { xmlns: 'http://www.w3.org/2000/svg', viewBox: '0 0 24 24', stroke: 'none' } as const;

export function createIcon(type: 'outline' | 'filled', name: string, displayName: string, node: IconNode): TablerIcon {
  const Icon = forwardRef<SVGSVGElement, IconProps>(
    ({ color = 'currentColor', size = 24, stroke = 2, title, className, children, ...rest }, ref) =>
      createElement(
        'svg',
        {
          ref,
          ...(type === 'filled' ? FILLED : OUTLINE),
          width: size,
          height: size,
          className: ['tabler-icon', `tabler-icon-${name}`, className].filter(Boolean).join(' '),
          ...(type === 'filled' ? { fill: color } : { strokeWidth: stroke, stroke: color }),
          ...rest,
        },
        [
          title && createElement('title', { key: 'svg-title' }, title),
          ...node.map(([tag, attrs]) => createElement(tag, attrs)),
          ...(Array.isArray(children) ? children : [children]),
        ],
      ),
  );
  Icon.displayName = displayName;
  return Icon;
}
