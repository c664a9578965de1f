import { SUPPORT_EMAIL } from '@coincard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { LandingPage } from './landing-page';

function renderLanding() {
  return renderWithProviders(<LandingPage />, { route: '/' });
}

describe('LandingPage', () => {
  it('links the header to the features, how-it-works and referrals sections, which exist', () => {
    renderLanding();
    const header = screen.getByRole('banner');
    for (const [name, id] of [
      ['Features', 'features'],
      ['How it works', 'how-it-works'],
      ['Referrals', 'referrals'],
    ] as const) {
      expect(within(header).getByRole('link', { name })).toHaveAttribute('href', `/#${id}`);
      expect(document.getElementById(id)).toHaveAttribute('aria-labelledby', `${id}-title`);
    }
  });

  it('moves focus to the chosen section so keyboard users carry on from there', async () => {
    const user = userEvent.setup();
    renderLanding();
    const link = within(screen.getByRole('banner')).getByRole('link', { name: 'How it works' });
    link.focus();
    await user.keyboard('{Enter}');
    expect(document.getElementById('how-it-works')).toHaveFocus();
  });

  it('shows each coin chip with the logo Add Money uses, letters only for a coin the icon package lacks', async () => {
    renderLanding();
    const chips = within(screen.getByRole('list', { name: /Deposit with/ })).getAllByRole('listitem');
    expect(chips.length).toBeGreaterThanOrEqual(15);
    expect(chips[0]).toHaveTextContent('USDT');
    // The logos arrive as a chunk of their own after the first paint; letters stand in until then.
    await waitFor(() => {
      const lettered = chips.filter((chip) => chip.querySelector('svg') === null);
      // The lettered badge (HM) is decorative; the chip's text follows it.
      expect(lettered.map((chip) => chip.textContent)).toEqual(['HMHMSTR (Hamster Kombat)']);
    });
  });

  it('sends Sign In to /login and Get Started to /signup', () => {
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  });

  it('shows the card visual, the four steps, the referral terms and the fees', () => {
    renderLanding();
    expect(screen.getByRole('img', { name: /ending in 4242/ })).toBeInTheDocument();
    for (const [index, step] of ['Sign up and verify', 'Deposit crypto', 'Create cards', 'Spend'].entries()) {
      expect(screen.getByRole('heading', { name: `Step ${index + 1} ${step}` })).toBeInTheDocument();
    }
    const referrals = document.getElementById('referrals')!;
    expect(within(referrals).getByText(/active once your account balance reaches \$50\./)).toBeInTheDocument();
    expect(within(referrals).getByText(/once you have earned \$25\./)).toBeInTheDocument();
    expect(within(referrals).getByRole('heading', { name: /\$1\s*for each verified signup/ })).toBeInTheDocument();
    expect(screen.getByText('$15.00')).toBeInTheDocument();
    expect(screen.getByText('5% + $1.00')).toBeInTheDocument();
  });

  it('shows the support e-mail, the restricted-countries notice and the not-a-bank disclaimer in the footer', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
    // The notice names the list's source and links to the list itself.
    expect(
      within(footer).getByText(/CoinCard services are not available to residents of restricted countries/),
    ).toHaveTextContent(/the FATF list of high-risk jurisdictions subject to a call for action/);
    expect(within(footer).getByRole('link', { name: 'See the list of restricted countries' })).toHaveAttribute(
      'href',
      '/restricted-countries',
    );
    expect(
      within(footer).getByText(
        'CoinCard is not a bank. Cards are issued by our card-issuing partner; balances are not deposits and are not insured.',
      ),
    ).toBeInTheDocument();
    for (const [name, href] of [
      ['About', '/about'],
      ['FAQ', '/faq'],
      ['Support', '/support'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });
});
