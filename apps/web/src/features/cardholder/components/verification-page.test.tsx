import type { CardholderVerification } from '@coincard/shared';
import { fireEvent, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADA_DETAILS, makeVerification } from '../../../test/cardholder';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { VerificationPage } from './verification-page';

const RESTRICTED = {
  countries: ['CU', 'IR', 'KP', 'MM'],
  source: 'the FATF list',
  asOf: '2026-06-19',
  isDefault: true,
};

type Answer = { status: number; body: unknown };

/** The API as the page sees it: the verification, the restricted list, and what POST answers (pending by default). */
function serve(verification: CardholderVerification, post?: (body: unknown) => Answer) {
  const sent: unknown[] = [];
  let current = verification;
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/cardholder/restricted-countries') return jsonResponse(200, RESTRICTED);
    if (url === '/api/cardholder' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      const answer = post?.(body) ?? {
        status: 202,
        body: makeVerification({ status: 'pending', submittedAt: '2026-11-25T10:00:00.000Z', details: ADA_DETAILS }),
      };
      if (answer.status < 300) current = answer.body as CardholderVerification;
      return jsonResponse(answer.status, answer.body);
    }
    if (url === '/api/cardholder') return jsonResponse(200, current);
    return jsonResponse(404, { message: 'No such endpoint', errorCode: 'NotFound' });
  });
  renderWithProviders(<VerificationPage />, { route: '/verify' });
  return { sent, fetchMock };
}

/** Types a whole value at once (the form checks on blur and on review, not per key). */
function setText(label: string, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
}

async function choose(user: UserEvent, label: string, option: string) {
  setText(label, option.slice(0, 6));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** A person filling the form in as they should. */
async function fillIn(user: UserEvent) {
  setText('First and middle names', 'Ada');
  setText('Last name', 'Lovelace');
  fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: '1990-12-10' } });
  setText('Mobile phone', '+44 20 7946 0123');
  setText('Address line 1', '12 Ada Street');
  setText('City', 'London');
  setText('Postal code', 'N1 9GU');
  await choose(user, 'Country of residence', 'United Kingdom');
  await user.click(screen.getByRole('radio', { name: 'Passport' }));
  setText('Document number', 'P12345678');
  await choose(user, 'Issuing country', 'United Kingdom');
}

// A whole form typed into jsdom takes about 3 s alone and took 32 s beside the API suites on a slow day (two country
// lists of about 250 options each): these tests get room, and assert no timing.
describe('Verification page: the form', { timeout: 60_000 }, () => {
  it('checks every field before the review, says what is wrong on the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { sent } = serve(makeVerification());
    const review = await screen.findByRole('button', { name: 'Review your details' });
    await user.click(review);
    expect(screen.getByRole('textbox', { name: 'First and middle names' })).toHaveAccessibleDescription(
      'First name is required.',
    );
    expect(screen.getByRole('textbox', { name: 'First and middle names' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Document number' })).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '020 7946 0123');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Mobile phone' })).toHaveAccessibleDescription(
      /international format: \+ and the country code/,
    );
    const nextYear = `${new Date().getFullYear() - 17}-01-01`;
    fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: nextYear } });
    await user.click(review);
    expect(screen.getByText('You must be at least 18 years old to hold a card.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('refuses a resident of a restricted country before anything is sent, naming the list', async () => {
    const user = userEvent.setup();
    const { sent } = serve(makeVerification());
    await screen.findByRole('button', { name: 'Review your details' });
    await fillIn(user);
    await choose(user, 'Country of residence', 'Iran');
    await user.click(screen.getByRole('button', { name: 'Review your details' }));
    expect(
      screen.getByText(/We cannot offer cards to residents of Iran: it is on our list of restricted/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send for verification' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('reviews what was typed, goes back to edit without losing it, then sends it and shows the check under way', async () => {
    const user = userEvent.setup();
    const { sent } = serve(makeVerification());
    await screen.findByRole('button', { name: 'Review your details' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Review your details' }));
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('10 December 1990')).toBeInTheDocument();
    expect(screen.getByText('P12345678')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Lovelace');
    await user.click(screen.getByRole('button', { name: 'Review your details' }));
    await user.click(screen.getByRole('button', { name: 'Send for verification' }));

    expect(await screen.findByRole('heading', { name: 'We are checking your identity' })).toBeInTheDocument();
    expect(sent).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1990-12-10',
        phone: '+44 20 7946 0123',
        address: { line1: '12 Ada Street', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
        idType: 'passport',
        idNumber: 'P12345678',
        idCountry: 'GB',
      },
    ]);
  });

  it("puts the server's refusal of a field back on that field", async () => {
    const user = userEvent.setup();
    serve(makeVerification(), () => ({
      status: 400,
      body: {
        message: 'Enter the postal code as written on your post.',
        errorCode: 'ValidationError',
        fields: { 'address.postalCode': 'Enter the postal code as written on your post.' },
      },
    }));
    await screen.findByRole('button', { name: 'Review your details' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Review your details' }));
    await user.click(screen.getByRole('button', { name: 'Send for verification' }));
    const postalCode = await screen.findByRole('textbox', { name: 'Postal code' });
    expect(postalCode).toHaveAccessibleDescription('Enter the postal code as written on your post.');
    expect(postalCode).toHaveValue('N1 9GU');
  });
});

describe('Verification page: each status', () => {
  it('shows a check under way, with the details masked', async () => {
    serve(makeVerification({ status: 'pending', submittedAt: '2026-11-25T10:00:00.000Z', details: ADA_DETAILS }));
    expect(await screen.findByRole('heading', { name: 'We are checking your identity' })).toBeInTheDocument();
    expect(screen.getByText('Passport from United Kingdom, number ending 5678')).toBeInTheDocument();
    expect(screen.getByText('1990')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /send/i })).not.toBeInTheDocument();
  });

  it('shows an approval, with the name the cards carry and the way to create one', async () => {
    serve(makeVerification({ status: 'approved', decidedAt: '2026-11-25T10:01:00.000Z', details: ADA_DETAILS }));
    expect(await screen.findByRole('heading', { name: 'Your identity is verified' })).toBeInTheDocument();
    expect(screen.getByText(/verified you as Ada Lovelace: your cards carry this name/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your card' })).toHaveAttribute('href', '/dashboard');
  });

  it("shows a refusal with the issuer's reason and what to do, then a form to fix it", async () => {
    const user = userEvent.setup();
    serve(
      makeVerification({
        status: 'rejected',
        reason: 'The identity document number does not match the name and date of birth given.',
        attemptsLeft: 4,
        details: ADA_DETAILS,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'We could not verify your identity' })).toBeInTheDocument();
    expect(screen.getByText(/does not match the name and date of birth given/)).toBeInTheDocument();
    expect(screen.getByText(/You have 4 attempts left/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fix and send again' }));
    // What we kept in the clear comes back; the document number and date of birth were never kept.
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Lovelace');
    expect(screen.getByRole('textbox', { name: 'Document number' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'We could not verify your identity' })).toBeInTheDocument();
  });

  it('shows a request for more information and the way to send it', async () => {
    serve(
      makeVerification({
        status: 'needs_more_information',
        reason: 'The document could not be confirmed from the details given.',
        details: ADA_DETAILS,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'We need more information' })).toBeInTheDocument();
    expect(screen.getByText('The document could not be confirmed from the details given.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send more information' })).toBeInTheDocument();
  });

  it('sends a person out of attempts to support', async () => {
    serve(makeVerification({ status: 'rejected', reason: 'No match.', attemptsLeft: 0, details: ADA_DETAILS }));
    expect(await screen.findByText(/You have used every attempt/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Write to support@coincard\.app/ })).toHaveAttribute(
      'href',
      'mailto:support@coincard.app',
    );
    expect(screen.queryByRole('button', { name: 'Fix and send again' })).not.toBeInTheDocument();
  });

  it('offers a retry when the status cannot be loaded', async () => {
    mockFetch(() => jsonResponse(500, { message: 'Something went wrong', errorCode: 'InternalError' }));
    renderWithProviders(<VerificationPage />, { route: '/verify' });
    expect(await screen.findByText('Your identity check could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
