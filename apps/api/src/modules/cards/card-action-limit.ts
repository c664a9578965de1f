import type { UserRow } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { hitRateLimit, RATE_RULES } from '../../lib/rate-limit.js';

/**
 * The owner's card actions that reach the issuer or the owner's inbox (freeze, unfreeze, 3DS code, delete, controls)
 * share one allowance per account (60 per 15 minutes): each costs an issuer call or, for an unfreeze or loosened
 * controls, a security mail that cannot be switched off, which a stolen session must not be able to flood.
 */
export const limitCardActions = (deps: Deps, user: UserRow) =>
  hitRateLimit(deps.db, RATE_RULES.cardActionAccount, user.id, deps.now());
