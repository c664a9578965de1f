import { expect, it } from 'vitest';
import { cardOf, settleIssuer, userWithCard } from '../../test/card-helpers.js';
import { stepUp } from '../../test/step-up.js';
import { createTestApp } from '../../test/test-app.js';

it('never writes a card number, CVV, PIN or sandbox card key to the logs', async () => {
  const logLines: string[] = [];
  const t = await createTestApp({ logLines });
  try {
    const { jar, cardId } = await userWithCard(t, 'quiet-logs@example.com', { onCard: 2000 });
    await stepUp(t, jar);
    const secrets = (await t.request('GET', `/api/cards/${cardId}/private`, { jar })).json();
    await t.request('PATCH', `/api/cards/${cardId}/pin`, { jar, body: { pin: 8642 } });
    const issuerCardId =
      String((await cardOf(t, jar, cardId)).simulatorUrl)
        .split('/')
        .pop() ?? '';
    await t.request('GET', `/sandbox/issuing/simulator/cards/${issuerCardId}`);
    await settleIssuer(t);
    const logs = logLines.join('\n');
    expect(logs).toContain('/api/cards/');
    // Short secrets are looked for as values (quoted or in a query), not as digits inside ids and timestamps.
    for (const secret of [secrets.cardNumber, `"${secrets.cvv}"`, '"8642"', ':8642,', '=8642', issuerCardId]) {
      expect(logs).not.toContain(secret);
    }
  } finally {
    await t.close();
  }
});
