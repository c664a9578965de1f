import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makeCard } from '../../../test/cards';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { CreateCardModal } from './create-card-modal';

function Harness({ balance = 5000 }: { balance?: number }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open Create Card
      </button>
      <CreateCardModal opened={isOpen} onClose={() => setIsOpen(false)} balance={balance} />
    </>
  );
}

type Answer = { status: number; body: unknown };

function mockCreate(answer: Answer) {
  const sent: { body: unknown; idempotencyKey: string | null }[] = [];
  mockFetch((url, init) => {
    if (url === '/api/cards/create' && init?.method === 'POST') {
      sent.push({
        body: JSON.parse(String(init.body)),
        idempotencyKey: new Headers(init.headers).get('Idempotency-Key'),
      });
      return jsonResponse(answer.status, answer.body);
    }
    return jsonResponse(200, []);
  });
  return sent;
}

async function openForm(balance?: number) {
  const user = userEvent.setup();
  renderWithProviders(<Harness balance={balance} />);
  await user.click(screen.getByRole('button', { name: 'Open Create Card' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create a new card' });
  return { user, dialog };
}

const pinBoxes = (dialog: HTMLElement) => within(dialog).getAllByRole('textbox', { name: /3DS code, digit/ });

async function fillForm(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, pin: string) {
  await user.type(within(dialog).getByRole('textbox', { name: 'Card label' }), label);
  await user.click(pinBoxes(dialog)[0]!);
  await user.keyboard(pin);
}

describe('Create card modal', () => {
  it('states the $15 cost and the balance after, and keeps Create disabled until a label and 4 digits', async () => {
    mockCreate({ status: 201, body: {} });
    const { user, dialog } = await openForm(12_345);
    expect(within(dialog).getByText('$15.00')).toBeInTheDocument();
    expect(within(dialog).getByText('$123.45')).toBeInTheDocument();
    expect(within(dialog).getByText('$108.45')).toBeInTheDocument();

    const create = within(dialog).getByRole('button', { name: /Create card/ });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('Enter a label and a 4-digit 3DS code to continue.');

    await user.type(within(dialog).getByRole('textbox', { name: 'Card label' }), '   ');
    await user.click(pinBoxes(dialog)[0]!);
    await user.keyboard('12a3');
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('Enter a label and a 4-digit 3DS code to continue.');

    await user.type(within(dialog).getByRole('textbox', { name: 'Card label' }), 'Travel');
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('Enter a 4-digit 3DS code to continue.');
    await user.click(pinBoxes(dialog)[3]!);
    await user.keyboard('4');
    expect(create).toBeEnabled();
  });

  it('sends the trimmed label and the code as a number, with an Idempotency-Key, then toasts the message', async () => {
    const sent = mockCreate({
      status: 201,
      body: { reward: 0, message: 'Your new card is ready to load.', card: makeCard({ name: 'Travel' }) },
    });
    const { user, dialog } = await openForm();
    await fillForm(user, dialog, '  Travel ', '0427');
    await user.click(within(dialog).getByRole('button', { name: /Create card/ }));

    expect(await screen.findByText('Your new card is ready to load.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ name: 'Travel', pin: 427, singleUse: false });
    expect(sent[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a new card' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Congratulations!' })).not.toBeInTheDocument();
  });

  it('asks for a single-use card when the switch is on', async () => {
    const sent = mockCreate({
      status: 201,
      body: { reward: 0, message: 'Your new card is ready to load.', card: makeCard({ singleUse: true }) },
    });
    const { user, dialog } = await openForm();
    await fillForm(user, dialog, 'One shot', '1234');
    await user.click(within(dialog).getByText('Single-use card'));
    expect(within(dialog).getByRole('switch')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: /Create card/ }));
    expect(await screen.findByText('Your new card is ready to load.')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ name: 'One shot', pin: 1234, singleUse: true });
  });

  it('shows the referral reward in dollars in a congratulations modal instead of a toast', async () => {
    mockCreate({
      status: 201,
      body: { reward: 500, message: 'Your new card is ready to load.', card: makeCard() },
    });
    const { user, dialog } = await openForm();
    await fillForm(user, dialog, 'Everyday', '1234');
    await user.click(within(dialog).getByRole('button', { name: /Create card/ }));

    const reward = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(within(reward).getByText('$5.00')).toBeInTheDocument();
    expect(screen.queryByText('Your new card is ready to load.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a new card' })).not.toBeInTheDocument());
    await user.click(within(reward).getByRole('button', { name: 'Great' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Congratulations!' })).not.toBeInTheDocument());
  });

  it("shows the server's message when creation fails, and keeps the form open", async () => {
    mockCreate({
      status: 400,
      body: { message: 'You already have the maximum of 3 cards.', errorCode: 'CardLimitReached' },
    });
    const { user, dialog } = await openForm();
    await fillForm(user, dialog, 'Fourth', '1111');
    await user.click(within(dialog).getByRole('button', { name: /Create card/ }));
    expect(await screen.findByText('You already have the maximum of 3 cards.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create a new card' })).toBeInTheDocument();
  });
});
