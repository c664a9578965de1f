import { render } from '@testing-library/react';
import { createRef } from 'react';
import { expect, it } from 'vitest';
import { IconGiftFilled } from './IconGiftFilled';
import { IconX } from './IconX';

it('draws an outline icon in the text colour at the size asked, with its title and the caller’s class', () => {
  const ref = createRef<SVGSVGElement>();
  const { container } = render(<IconX ref={ref} size={18} stroke={1.5} title="Close" className="mine" aria-hidden />);
  const svg = container.querySelector('svg');
  expect(svg).toBe(ref.current);
  expect(svg).toHaveAttribute('width', '18');
  expect(svg).toHaveAttribute('height', '18');
  expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
  expect(svg).toHaveAttribute('fill', 'none');
  expect(svg).toHaveAttribute('stroke', 'currentColor');
  expect(svg).toHaveAttribute('stroke-width', '1.5');
  expect(svg).toHaveAttribute('aria-hidden', 'true');
  expect(svg).toHaveClass('tabler-icon', 'tabler-icon-x', 'mine');
  expect(svg?.querySelector('title')).toHaveTextContent('Close');
  expect([...(svg?.querySelectorAll('path') ?? [])].map((path) => path.getAttribute('d'))).toEqual([
    'M18 6l-12 12',
    'M6 6l12 12',
  ]);
});

it('fills a filled icon with the colour given, and draws no stroke', () => {
  const { container } = render(<IconGiftFilled color="red" />);
  const svg = container.querySelector('svg');
  expect(svg).toHaveAttribute('width', '24');
  expect(svg).toHaveAttribute('fill', 'red');
  expect(svg).toHaveAttribute('stroke', 'none');
  expect(svg).not.toHaveAttribute('stroke-width');
  expect(svg?.querySelector('title')).toBeNull();
});
