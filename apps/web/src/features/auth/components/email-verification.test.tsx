import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { EmailVerification } from './email-verification';

const CODE = 'a1B2c3D4e5F6g7H8i9J0k1L2';
const VERIFY_URL = `/api/auth/email/verify/${CODE}`;

function DashboardProbe() {
  const { state } = useLocation();
  return <output aria-label="Dashboard state">{JSON.stringify(state)}</output>;
}

function renderVerification() {
  return renderWithProviders(
    <StrictMode>
      <Routes>
        <Route path="/email/verify/:code" element={<EmailVerification code={CODE} />} />
        <Route path="/dashboard" element={<DashboardProbe />} />
      </Routes>
    </StrictMode>,
    { route: `/email/verify/${CODE}` },
  );
}

describe('EmailVerification', () => {
  it('verifies once under StrictMode, then continues to the dashboard with the referral outcome', async () => {
    const referral = { referralAttempted: true, referrerEligible: true };
    const fetchMock = mockFetch((url) =>
      url === VERIFY_URL
        ? jsonResponse(200, { message: 'Email verified.', referral, signedIn: true, email: 'new@example.com' })
        : jsonResponse(200, makeUser()),
    );
    localStorage.setItem('referralModalShown', 'true');
    renderVerification();
    expect(screen.getByRole('heading', { name: 'Verifying your email' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Email Successfully Verified' })).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(callsTo(fetchMock, VERIFY_URL)).toBe(1);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue to Dashboard' }));
    expect(await screen.findByRole('status', { name: 'Dashboard state' })).toHaveTextContent(
      JSON.stringify({ referral }),
    );
    expect(localStorage.getItem('referralModalShown')).toBeNull();
    expect(callsTo(fetchMock, VERIFY_URL)).toBe(1);
  });

  it('explains an invalid link and offers a new one', async () => {
    mockFetch(() => jsonResponse(400, { message: 'This link is invalid or has expired.', errorCode: 'InvalidCode' }));
    renderVerification();
    expect(await screen.findByRole('heading', { name: 'Invalid Verification Link' })).toBeInTheDocument();
    expect(screen.getByText(/already used/)).toBeInTheDocument();
    expect(screen.getByText(/expired/)).toBeInTheDocument();
    expect(screen.getByText(/incorrect/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/password/forgot');
  });

  it('keeps another account signed in and says so, with the way to the verified one (issue 17, finding 7)', async () => {
    const calls: string[] = [];
    mockFetch((url) => {
      calls.push(url);
      if (url === VERIFY_URL)
        return jsonResponse(200, {
          message: 'This e-mail address is verified. You are still signed in as owner@example.com.',
          referral: { referralAttempted: false, referrerEligible: false },
          signedIn: false,
          otherAccountEmail: 'owner@example.com',
        });
      if (url === '/api/auth/logout') return jsonResponse(200, { message: 'Signed out.' });
      return jsonResponse(200, makeUser({ email: 'owner@example.com' }));
    });
    renderWithProviders(
      <Routes>
        <Route path="/email/verify/:code" element={<EmailVerification code={CODE} />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
        <Route path="/login" element={<h1>Sign in page</h1>} />
      </Routes>,
      { route: `/email/verify/${CODE}` },
    );
    expect(
      await screen.findByRole('heading', { name: 'Email verified, but you are signed in to another account' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/it stays signed in as that account/)).toBeInTheDocument();
    expect(screen.queryByText(/you are signed in\./)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue as owner@example.com' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(calls).toContain('/api/auth/logout');
  });

  it('asks to sign in when the link verified the address but signed nobody in', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Your e-mail is verified. Sign in to continue.',
        referral: { referralAttempted: false, referrerEligible: false },
        signedIn: false,
      }),
    );
    renderVerification();
    expect(await screen.findByRole('heading', { name: 'Email Successfully Verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
