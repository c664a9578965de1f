import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCardTransaction, makeCardTransactionsPage } from '../../../test/cards';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { CardTransactionHistory } from './card-transaction-history';

const CARD_ID = 'card-1';
const historyUrl = (page: number) => `/api/cards/${CARD_ID}/transactions?page_no=${page}`;

const colourOf = (element: HTMLElement) => element.getAttribute('style') ?? '';

describe('Card Transaction History', () => {
  it('shows 5 skeleton rows while loading, inside the region scrolling within 56vh', () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderWithProviders(<CardTransactionHistory cardId={CARD_ID} />);
    const loading = screen.getByRole('status', { name: 'Loading transactions' });
    expect(loading.children).toHaveLength(5);
    const region = screen.getByRole('region', { name: 'Card transactions' });
    expect(region).toContainElement(loading);
    expect(region).toHaveStyle({ maxHeight: '56vh', overflowY: 'auto' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it("says 'Failed to load. Please try again.' on error, and retries", async () => {
    let isDown = true;
    mockFetch(() =>
      isDown
        ? jsonResponse(502, { message: 'The card issuer is unavailable.', errorCode: 'ProviderError' })
        : jsonResponse(200, makeCardTransactionsPage([])),
    );
    renderWithProviders(<CardTransactionHistory cardId={CARD_ID} />);
    expect(await screen.findByText('Failed to load. Please try again.')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument();
  });

  it("says 'No transactions found.' when the card has none", async () => {
    mockFetch(() => jsonResponse(200, makeCardTransactionsPage([])));
    renderWithProviders(<CardTransactionHistory cardId={CARD_ID} />);
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows each row with logo, description, category, group, date, signed coloured amount and badges', async () => {
    const purchase = makeCardTransaction({
      description: 'NETFLIX.COM LOS GATOS US',
      card_transaction_type: 'DEBIT',
      amount: 1299,
      enriched_data: {
        merchant_name: 'Netflix',
        merchant_logo: 'https://logos.example.com/netflix.svg',
        is_recurring: true,
        transaction_category: 'Entertainment',
        transaction_group: 'Subscriptions',
      },
    });
    const refund = makeCardTransaction({
      description: 'Refund: AMAZON MKTPL',
      card_transaction_type: 'credit',
      amount: 2500,
      enriched_data: {
        merchant_name: 'Amazon',
        merchant_logo: null,
        is_recurring: false,
        transaction_category: 'Shopping',
        transaction_group: 'Online Retail',
      },
    });
    mockFetch(() => jsonResponse(200, makeCardTransactionsPage([purchase, refund])));
    renderWithProviders(<CardTransactionHistory cardId={CARD_ID} />);

    const [debitRow, creditRow] = (await screen.findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(within(debitRow).getByText('NETFLIX.COM LOS GATOS US')).toBeInTheDocument();
    expect(within(debitRow).getByText('Entertainment · Subscriptions')).toBeInTheDocument();
    expect(within(debitRow).getByRole('img', { name: 'Netflix logo' })).toHaveAttribute(
      'src',
      'https://logos.example.com/netflix.svg',
    );
    expect(within(debitRow).getByText('Recurring')).toBeInTheDocument();
    expect(within(debitRow).getByText('Debit')).toBeInTheDocument();
    const debitAmount = within(debitRow).getByText('-$12.99');
    expect(colourOf(debitAmount)).toContain('red');
    expect(within(debitRow).getByText('USD')).toBeInTheDocument();
    expect(within(debitRow).getByText(/2026/).closest('time')).toHaveAttribute('dateTime', purchase.transaction_date);

    expect(within(creditRow).getByText('Refund: AMAZON MKTPL')).toBeInTheDocument();
    expect(within(creditRow).getByText('Shopping · Online Retail')).toBeInTheDocument();
    expect(within(creditRow).queryByRole('img')).not.toBeInTheDocument();
    expect(within(creditRow).queryByText('Recurring')).not.toBeInTheDocument();
    expect(within(creditRow).getByText('Credit')).toBeInTheDocument();
    expect(colourOf(within(creditRow).getByText('+$25.00'))).toContain('green');
  });

  it("falls back to the category icon when the merchant's logo does not load", async () => {
    const purchase = makeCardTransaction({
      enriched_data: { merchant_name: 'Uber', merchant_logo: 'https://logos.example.com/broken.svg' },
    });
    mockFetch(() => jsonResponse(200, makeCardTransactionsPage([purchase])));
    renderWithProviders(<CardTransactionHistory cardId={CARD_ID} />);
    const logo = await screen.findByRole('img', { name: 'Uber logo' });
    fireEvent.error(logo);
    expect(screen.queryByRole('img', { name: 'Uber logo' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem').querySelector('svg')).not.toBeNull();
  });

  it('pages through the history with 2 sibling pages shown', async () => {
    const fetchMock = mockFetch((url) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page_no'));
      const transaction = makeCardTransaction({ description: `Purchase on page ${page}` });
      return jsonResponse(200, makeCardTransactionsPage([transaction], { page, total: 95, pages: 10 }));
    });
    renderWithProviders(<CardTransactionHistory cardId={CARD_ID} />);
    expect(await screen.findByText('Purchase on page 1')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Transaction history pages' });
    for (const page of [1, 2, 3, 4, 5, 10]) {
      expect(within(pages).getByRole('button', { name: `Page ${page}` })).toBeInTheDocument();
    }
    await userEvent.setup().click(within(pages).getByRole('button', { name: 'Page 5' }));
    expect(await screen.findByText('Purchase on page 5')).toBeInTheDocument();
    // Page 5 of 10 with two siblings: 3 to 7 around it.
    for (const page of [3, 4, 6, 7]) {
      expect(within(pages).getByRole('button', { name: `Page ${page}` })).toBeInTheDocument();
    }
    expect(within(pages).queryByRole('button', { name: 'Page 8' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, historyUrl(5))).toBe(1);
  });
});
