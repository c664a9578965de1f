// Benchmark users made the way people are: register, read the verification mail from the dev outbox, verify, top up
// through the sandbox checkout. Each arrives from its own address (the server runs with TRUST_PROXY).

export const json = (app) => ({ 'content-type': 'application/json', origin: app });

/** A set-up call: a server shedding load (503 while its event loop lags, on a starved machine) is asked again. */
async function call(url, init) {
  for (let i = 0; ; i += 1) {
    const response = await fetch(url, init);
    if (response.status !== 503 || i >= 30) return response;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const cookiesOf = (response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

export async function verifiedUser(app, index, password = 'Bench-Passphrase-42') {
  const email = `bench-${index}-${Date.now()}@example.com`;
  const ip = { 'x-forwarded-for': `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}` };
  const registered = await call(`${app}/api/auth/register`, {
    method: 'POST',
    headers: { ...json(app), ...ip },
    body: JSON.stringify({ email, password, confirmPassword: password }),
  });
  if (registered.status !== 201) throw new Error(`register failed: ${await registered.text()}`);
  for (let i = 0; i < 100; i += 1) {
    const { mails } = await (await call(`${app}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    const code = mails?.[0]?.text.match(/\/email\/verify\/([A-Za-z0-9_-]+)/)?.[1];
    if (code) {
      const verified = await call(`${app}/api/auth/email/verify/${code}`, { headers: ip });
      return { email, cookie: cookiesOf(verified), ip };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no verification mail for ${email}`);
}

export async function topUp(app, user, cents) {
  const created = await call(`${app}/api/transactions`, {
    method: 'POST',
    headers: { ...json(app), cookie: user.cookie },
    body: JSON.stringify({ currency: 'USDT', network: 'TRON', amountInUsd: cents }),
  });
  const deposit = await created.json();
  if (!deposit.paymentUrl) throw new Error(`top-up failed (${created.status}): ${JSON.stringify(deposit)}`);
  const uuid = deposit.paymentUrl.split('/').pop();
  await call(`${app}/sandbox/payments/checkout/${uuid}/outcome`, {
    method: 'POST',
    headers: json(app),
    body: JSON.stringify({ outcome: 'paid' }),
  });
  // Credited by the webhook's job, which a starved machine may retry (its check of the payment shed with 503): wait.
  for (let i = 0; i < 600; i += 1) {
    const me = await (await call(`${app}/api/user`, { headers: { cookie: user.cookie } })).json();
    if (me.balance > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`top-up of ${user.email} not credited after a minute`);
}

/** A made-up adult the sandbox issuer approves. */
const IDENTITY = {
  firstName: 'Bench',
  lastName: 'Person',
  dateOfBirth: '1990-01-01',
  phone: '+44 20 7946 0999',
  address: { line1: '1 Bench Street', city: 'London', postalCode: 'E1 6AN', country: 'GB' },
  idType: 'passport',
  idNumber: 'B12345678',
  idCountry: 'GB',
};

/** Verifies the user's identity, waits for the sandbox issuer's approval (the cardholder), then creates a card. */
export async function cardFor(app, user) {
  await call(`${app}/api/cardholder`, {
    method: 'POST',
    headers: { ...json(app), cookie: user.cookie },
    body: JSON.stringify(IDENTITY),
  });
  for (let i = 0; i < 200; i += 1) {
    const me = await (await call(`${app}/api/user`, { headers: { cookie: user.cookie } })).json();
    if (me.cardholderId) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const response = await call(`${app}/api/cards/create`, {
    method: 'POST',
    headers: { ...json(app), cookie: user.cookie },
    body: JSON.stringify({ name: 'Bench', pin: 1234 }),
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`card creation failed: ${JSON.stringify(body)}`);
  return body.card._id;
}
