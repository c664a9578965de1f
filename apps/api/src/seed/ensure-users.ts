import { cardholderSubmissionSchema } from '@coincard/shared';
import { and, count, eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import type { Deps } from '../deps.js';
import { uuidv7 } from '../lib/ids.js';
import { audit } from '../modules/audit/audit.js';
import { findUserByEmail } from '../modules/auth/auth.service.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { submitVerification } from '../modules/cardholders/verification.service.js';
import { verificationState } from '../modules/cardholders/verification-state.js';
import { DEMO_IDENTITY, DEMO_USER_AGE_DAYS } from './demo-history-plan.js';

export type SeededLogin = { role: 'admin' | 'user'; email: string; password: string };

export const DEMO_ADMIN = { email: 'admin@coincard.test', password: 'Demo-Admin-2026!' };
export const DEMO_USER = { email: 'demo@coincard.test', password: 'Demo-User-2026!' };

/** `createdAt`: when the account says it was opened (the demo user's history starts weeks before the first start). */
export async function ensureUser(deps: Deps, login: SeededLogin, createdAt?: Date): Promise<boolean> {
  const existing = await findUserByEmail(deps.db, login.email);
  if (existing) {
    if (login.role === 'admin' && existing.role !== 'admin') {
      await deps.db.transaction(async (tx) => {
        // Administrators sign in with a second factor: the e-mail code comes on with the role.
        await tx
          .update(users)
          .set({ role: 'admin', twoFactorEnabled: true, updatedAt: deps.now() })
          .where(eq(users.id, existing.id));
        // Made an administrator from the command line or the settings: no one in the app did it, so it says where.
        await audit(tx, {
          action: 'seed.user_promoted_to_admin',
          targetUserId: existing.id,
          details: { from: existing.role, by: 'ADMIN_EMAIL or npm run admin:create' },
        });
      });
    }
    return false;
  }
  const id = uuidv7();
  const passwordHash = await hashPassword(login.password);
  await deps.db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      email: login.email.toLowerCase(),
      passwordHash,
      role: login.role,
      verified: true,
      // Administrators sign in with a second factor from the start (the e-mail code; the dev outbox shows it).
      twoFactorEnabled: login.role === 'admin',
      ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
    });
    await audit(tx, { action: 'seed.user_created', targetUserId: id, details: { role: login.role } });
  });
  return true;
}

/**
 * The demo user sends their identity through the same verification step as anyone (the sandbox issuer approves it a
 * moment later, by webhook); once, while they have not started.
 */
async function ensureDemoVerification(deps: Deps): Promise<void> {
  const user = await findUserByEmail(deps.db, DEMO_USER.email);
  if (!user || (await verificationState(deps.db, user)).status !== 'not_started') return;
  await submitVerification(deps, user, cardholderSubmissionSchema.parse(DEMO_IDENTITY), {
    ip: 'demo-seed',
    userAgent: null,
  });
}

/** ADMIN_EMAIL/ADMIN_PASSWORD make sure that admin exists; the embedded default's first start adds demo logins. */
export async function ensureStartupUsers(deps: Deps, seedDemo: boolean): Promise<SeededLogin[]> {
  const printed: SeededLogin[] = [];
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = deps.config;
  if (ADMIN_EMAIL && ADMIN_PASSWORD)
    await ensureUser(deps, { role: 'admin', email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (!seedDemo) return printed;
  const [admins] = await deps.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin')));
  if (!ADMIN_EMAIL && (admins?.n ?? 0) === 0) await ensureUser(deps, { role: 'admin', ...DEMO_ADMIN });
  await ensureUser(
    deps,
    { role: 'user', ...DEMO_USER },
    new Date(deps.now().getTime() - DEMO_USER_AGE_DAYS * 86_400_000),
  );
  await ensureDemoVerification(deps);
  if (!ADMIN_EMAIL) printed.push({ role: 'admin', ...DEMO_ADMIN });
  printed.push({ role: 'user', ...DEMO_USER });
  return printed;
}
