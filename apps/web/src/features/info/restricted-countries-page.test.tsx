import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { RestrictedCountriesPage } from './restricted-countries-page';

const answer = (overrides = {}) => ({
  countries: ['CU', 'IR', 'KP', 'MM'],
  source: 'the FATF list',
  asOf: '2026-06-19',
  isDefault: true,
  ...overrides,
});

describe('Restricted countries page', () => {
  it('lists the countries by name, with the date of the sources and where they come from', async () => {
    mockFetch(() => jsonResponse(200, answer()));
    renderWithProviders(<RestrictedCountriesPage />, { route: '/restricted-countries' });
    const list = await screen.findByRole('list', { name: 'Restricted countries' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cuba (CU)', 'Iran (IR)', 'North Korea (KP)', 'Myanmar (Burma) (MM)']);
    expect(screen.getByText(/As its sources stood on 19 June 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Financial Action Task Force/ })).toHaveAttribute(
      'href',
      expect.stringContaining('fatf-gafi.org'),
    );
  });

  it('says when the service replaced the default list', async () => {
    mockFetch(() => jsonResponse(200, answer({ countries: ['FR'], isDefault: false })));
    renderWithProviders(<RestrictedCountriesPage />, { route: '/restricted-countries' });
    expect(await screen.findByText('France')).toBeInTheDocument();
    expect(screen.getByText(/has set its own list/)).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    mockFetch(() => jsonResponse(500, { message: 'Something went wrong', errorCode: 'InternalError' }));
    renderWithProviders(<RestrictedCountriesPage />, { route: '/restricted-countries' });
    expect(await screen.findByText('The list could not be loaded')).toBeInTheDocument();
  });
});
