import {
  CARD_CREATION_FEE_CENTS,
  COLOR_SCHEME_STORAGE_KEY,
  DEPOSIT_MAX_CENTS,
  DEPOSIT_MIN_CENTS,
  formatCents,
  LOAD_FEE_FIXED_CENTS,
  LOAD_FEE_PERCENT,
  MAX_CARDS_PER_USER,
  MONTHLY_CARD_FEE_CENTS,
  MONTHLY_CARD_LIMIT_CENTS,
  REFERRAL_LINK_MIN_BALANCE_CENTS,
  SESSION_COOKIE_NAMES,
  SUPPORT_EMAIL,
} from '@coincard/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFERRAL_MODAL_FLAG } from '../../lib/referral-modal-flag';
import { renderWithProviders } from '../../test/render';
import { formatDuration } from './content/legal-figures';
import { PRIVACY_SECTIONS } from './content/privacy-sections';
import { TERMS_SECTIONS } from './content/terms-sections';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

const noCents = (cents: number) => formatCents(cents).replace(/\.00$/, '');

function article(name: string) {
  return screen.getByRole('article', { name });
}

describe('TermsPage', () => {
  it('has one h1, a dated "Last updated" line and a numbered h2 per section, each linking to itself', () => {
    renderWithProviders(<TermsPage />, { route: '/terms' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    const text = article('Terms of Service');
    expect(
      within(text)
        .getByText(/Last updated/)
        .querySelector('time'),
    ).toHaveAttribute('datetime', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    const headings = within(text).getAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(TERMS_SECTIONS.length);
    TERMS_SECTIONS.forEach((section, index) => {
      expect(headings[index]).toHaveAttribute('id', section.id);
      expect(headings[index]).toHaveTextContent(`${index + 1}. ${section.title}`);
      expect(
        within(text).getByRole('link', { name: `Link to section: ${index + 1}. ${section.title}` }),
      ).toHaveAttribute('href', `/terms#${section.id}`);
    });
  });

  it('lists every section in the table of contents', () => {
    renderWithProviders(<TermsPage />, { route: '/terms' });
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(TERMS_SECTIONS.map((s) => `/terms#${s.id}`));
  });

  it('states what the service is not, and the fees and limits from the shared constants', () => {
    renderWithProviders(<TermsPage />, { route: '/terms' });
    const text = article('Terms of Service');
    for (const phrase of ['Not a bank.', 'No interest.', 'Balances in US dollars.', 'Cards from a card issuer.']) {
      expect(within(text).getByText(phrase)).toBeInTheDocument();
    }
    const fees = within(text).getByRole('table');
    expect(fees).toHaveTextContent(`${formatCents(CARD_CREATION_FEE_CENTS)}, once`);
    expect(fees).toHaveTextContent(`${formatCents(MONTHLY_CARD_FEE_CENTS)} a month from the second month`);
    expect(fees).toHaveTextContent(`${LOAD_FEE_PERCENT}% + ${formatCents(LOAD_FEE_FIXED_CENTS)}`);
    expect(fees).toHaveTextContent(`${noCents(DEPOSIT_MIN_CENTS)} to ${noCents(DEPOSIT_MAX_CENTS)} per top-up`);
    expect(fees).toHaveTextContent(`up to ${noCents(MONTHLY_CARD_LIMIT_CENTS)} a calendar month`);
    expect(fees).toHaveTextContent(`Up to ${MAX_CARDS_PER_USER}`);
    expect(text).toHaveTextContent(`while your balance holds ${noCents(REFERRAL_LINK_MIN_BALANCE_CENTS)} or more`);
    expect(within(text).getAllByRole('link', { name: SUPPORT_EMAIL })[0]).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
  });
});

describe('PrivacyPage', () => {
  it('has its sections, contents and the privacy-specific topics', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const text = article('Privacy Policy');
    expect(within(text).getAllByRole('heading', { level: 2 })).toHaveLength(PRIVACY_SECTIONS.length);
    for (const id of ['data-we-collect', 'retention', 'cookies', 'your-rights', 'contact']) {
      expect(PRIVACY_SECTIONS.map((section) => section.id)).toContain(id);
    }
    expect(within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole('link')).toHaveLength(
      PRIVACY_SECTIONS.length,
    );
  });

  it('names the cookies the API sets and the browser storage the app uses, with their lifetimes', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    const text = article('Privacy Policy');
    for (const name of [...Object.values(SESSION_COOKIE_NAMES), COLOR_SCHEME_STORAGE_KEY, REFERRAL_MODAL_FLAG]) {
      expect(within(text).getByText(name, { selector: 'code' })).toBeInTheDocument();
    }
    expect(text).toHaveTextContent('15 minutes, renewed while you use the app');
    expect(text).toHaveTextContent('30 days after signing in at the most');
  });

  it('says how to request deletion and links back to the terms', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    const text = article('Privacy Policy');
    expect(within(text).getByText('To delete your account')).toBeInTheDocument();
    expect(within(text).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });
});

describe('formatDuration', () => {
  it('uses the largest whole unit', () => {
    expect(formatDuration(30_000)).toBe('30 seconds');
    expect(formatDuration(15 * 60_000)).toBe('15 minutes');
    expect(formatDuration(60 * 60_000)).toBe('1 hour');
    expect(formatDuration(24 * 60 * 60_000)).toBe('24 hours');
    expect(formatDuration(30 * 24 * 60 * 60_000)).toBe('30 days');
  });
});
