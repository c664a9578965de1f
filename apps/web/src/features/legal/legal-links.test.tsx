import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TermsNotice } from '../auth/components/auth-notices';
import { CardPageFooter } from '../cards/components/card-page-footer';
import { SiteFooter } from '../landing/components/site-footer';

describe('links to the legal pages', () => {
  it('the auth screens name the Terms of Service and Privacy Policy as links', () => {
    renderWithProviders(<TermsNotice />, { route: '/signup' });
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('the site footer links to both', () => {
    renderWithProviders(<SiteFooter />);
    const company = screen.getByRole('navigation', { name: 'Company' });
    expect(within(company).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(company).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('the card page footer links to the real pages, not to About and FAQ', () => {
    renderWithProviders(<CardPageFooter />);
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });
});
