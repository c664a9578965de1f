import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { CoinIcon } from './coin-icon';

async function logoOf(code: string, size?: number) {
  const { container } = renderWithProviders(<CoinIcon code={code} size={size} />);
  return waitFor(() => {
    const svg = container.querySelector('svg');
    if (!svg) throw new Error(`no logo for ${code} yet`);
    return svg;
  });
}

describe('CoinIcon', () => {
  it("draws a known coin's logo at the asked size, hidden from screen readers", async () => {
    const svg = await logoOf('usdc', 40);
    expect(svg.getAttribute('width')).toBe('40');
    expect(svg.getAttribute('height')).toBe('40');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    // The round background is clipped by a shape the logo defines itself.
    const clipped = svg.querySelector('[clip-path]');
    const id = clipped?.getAttribute('clip-path')?.match(/^url\(#(.+)\)$/)?.[1];
    expect(svg.querySelector(`clipPath[id="${id}"]`)).not.toBeNull();
  });

  it('keeps the colours of a gradient logo', async () => {
    const svg = await logoOf('SOL');
    expect(svg.querySelector('linearGradient stop[stop-color]')).not.toBeNull();
  });

  it('gives a coin without a logo its letters', () => {
    renderWithProviders(<CoinIcon code="HMSTR" />);
    expect(screen.getByText('HM')).toBeInTheDocument();
  });
});
