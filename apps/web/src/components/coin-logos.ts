import { createElement, type ReactNode, type SVGProps } from 'react';
import { COIN_LOGO_SHAPES, type Shape } from './coin-logo-shapes';

type CoinLogoProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };
type CoinLogo = (props: CoinLogoProps) => ReactNode;

function renderShapes(shapes: Shape[]): ReactNode[] {
  return shapes.map(([tag, attributes, children], index) =>
    createElement(tag, { key: index, ...attributes }, children ? renderShapes(children) : undefined),
  );
}

function coinLogo(shapes: Shape[]): CoinLogo {
  return ({ size = 24, ...props }) =>
    createElement(
      'svg',
      { width: size, height: size, viewBox: '0 0 24 24', fill: 'none', xmlns: 'http://www.w3.org/2000/svg', ...props },
      renderShapes(shapes),
    );
}

/**
 * The logos the product accepts, on their round coloured background; coins missing here get letters. A chunk of its
 * own, loaded by coin-icon.tsx when a coin is first shown: the landing page's first paint does not wait for it.
 */
export const COIN_LOGOS: Record<string, CoinLogo> = Object.fromEntries(
  Object.entries(COIN_LOGO_SHAPES).map(([code, shapes]) => [code, coinLogo(shapes)]),
);
