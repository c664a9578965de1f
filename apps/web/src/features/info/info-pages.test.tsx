import { SUPPORT_EMAIL } from '@coincard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AboutPage } from './about-page';
import { FaqPage } from './faq-page';
import { SupportPage } from './support-page';

function renderAt(route: string, page: ReactElement) {
  return renderWithProviders(page, { route });
}

describe('FaqPage', () => {
  it('lists at least ten questions, and opens an answer on click', async () => {
    const user = userEvent.setup();
    renderAt('/faq', <FaqPage />);
    const main = screen.getByRole('main');
    const questions = within(main).getAllByRole('button');
    expect(questions.length).toBeGreaterThanOrEqual(10);
    for (const question of [
      'Which cryptocurrencies can I deposit?',
      'What does a card cost?',
      'How does two-factor authentication work?',
      'How does the referral programme work?',
      'Can I move money from a card back to my balance?',
      'What happens to the money when I delete a card?',
    ]) {
      expect(within(main).getByRole('button', { name: question })).toBeInTheDocument();
    }
    const unload = within(main).getByRole('button', { name: 'Can I move money from a card back to my balance?' });
    await user.click(unload);
    expect(unload).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/once every 5 minutes, and at least \$1 must stay on the card/)).toBeInTheDocument();
  });

  it('states deposit limits and coins consistently with the spec', () => {
    renderAt('/faq', <FaqPage />);
    expect(screen.getByText(/Each deposit is between \$10 and \$10,000/)).toBeInTheDocument();
    expect(screen.getByText(/USDT, USDC, BTC, ETH, SOL, TON, TRX, BNB, LTC, DOGE, XMR/)).toBeInTheDocument();
  });

  it('opens the answer named in the URL hash', () => {
    renderAt('/faq#fees', <FaqPage />);
    expect(screen.getByRole('button', { name: 'What does a card cost?' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('info pages', () => {
  it('About has a home logo, a back link and the shared footer', () => {
    renderAt('/about', <AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'About CoinCard' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'CoinCard home' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('contentinfo')).getByText(/CoinCard is not a bank\./)).toBeInTheDocument();
  });

  it('Support shows the e-mail, the response time and self-help links', () => {
    renderAt('/support', <SupportPage />);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(within(main).getByText(/within one business day/)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: /Read the FAQ/ })).toHaveAttribute('href', '/faq');
    expect(within(main).getByRole('link', { name: /Reset your password/ })).toHaveAttribute('href', '/password/forgot');
  });
});
