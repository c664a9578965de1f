import { DEFAULT_EMAIL_ALERTS } from '@coincard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { AlertPreferencesSection } from './alert-preferences-section';

const ALWAYS = ['new_device_sign_in', 'card_revealed', 'card_frozen_by_admin', 'card_unlocked'];

describe('E-mail alerts in Profile Settings', () => {
  it('shows the choices, locks the security ones, and saves a switch', async () => {
    let email = { ...DEFAULT_EMAIL_ALERTS };
    const bodies: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/alerts/preferences' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        bodies.push(body);
        email = { ...email, ...body.email };
      }
      if (url === '/api/alerts/preferences') return jsonResponse(200, { email, alwaysMailed: ALWAYS });
      return jsonResponse(404, { message: 'nope', errorCode: 'NotFound' });
    });
    const user = userEvent.setup();
    renderWithProviders(<AlertPreferencesSection />);
    const purchases = await screen.findByRole('switch', { name: /Card purchases/ });
    expect(purchases).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /Sign-ins from a new device/ })).toBeDisabled();
    const unlocked = screen.getByRole('switch', { name: /Card unfrozen or its limits loosened/ });
    expect(unlocked).toBeChecked();
    expect(unlocked).toBeDisabled();
    expect(screen.getByText(/Always sent: it is how you learn someone else opened up one of your cards/)).toBeVisible();
    expect(screen.getByRole('switch', { name: /Refunds/ })).toBeChecked();
    await user.click(purchases);
    expect(bodies).toEqual([{ email: { card_purchase: true } }]);
    expect(await screen.findByRole('switch', { name: /Card purchases/ })).toBeChecked();
  });

  it('still shows the choices it knows when a newer server answers kinds this page does not (a tab open across a release)', async () => {
    mockFetch((url) =>
      url === '/api/alerts/preferences'
        ? jsonResponse(200, {
            email: { ...DEFAULT_EMAIL_ALERTS, kind_from_a_newer_release: true },
            alwaysMailed: [...ALWAYS, 'kind_from_a_newer_release'],
          })
        : jsonResponse(404, { message: 'nope', errorCode: 'NotFound' }),
    );
    renderWithProviders(<AlertPreferencesSection />);
    expect(await screen.findByRole('switch', { name: /Card purchases/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /Sign-ins from a new device/ })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Your choices did not load' })).toBeNull();
  });

  it('offers a retry when the choices did not load', async () => {
    mockFetch(() => jsonResponse(500, { message: 'down', errorCode: 'InternalError' }));
    renderWithProviders(<AlertPreferencesSection />);
    expect(await screen.findByRole('heading', { name: 'Your choices did not load' })).toBeInTheDocument();
  });
});
