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
      url === VERIFY_URL ? jsonResponse(200, { message: 'Email verified.', referral }) : jsonResponse(200, makeUser()),
    );
    localStorage.setItem('referralModalShown', 'true');
    renderVerification();
    expect(screen.getByRole('heading', { name: 'Verifying your email' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Email Successfully Verified' })).toBeInTheDocument();
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
});
