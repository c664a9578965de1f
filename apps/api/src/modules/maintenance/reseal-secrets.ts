import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { JOB_SCHEMA } from '../../jobs/queues.js';
import type { SealedBox } from '../../lib/sealed-box.js';

/** Rows read per statement, so a large table is re-sealed in short transactions. */
const BATCH = 200;

/** One sealed column: its table, the row key, and the box (purpose and keys) it is sealed with. */
type SealedColumn = { name: string; table: string; key: string; column: string; box: SealedBox };

/**
 * Every column holding text sealed under a key derived from a configured secret (grep createSealedBox). The refresh
 * token's sealed successor is not here: it is sealed under the old refresh token itself, not a configured secret.
 */
function sealedColumns(deps: Deps): SealedColumn[] {
  const columns: SealedColumn[] = [
    {
      name: 'authenticator secrets',
      table: 'totp_credentials',
      key: 'user_id',
      column: 'secret_sealed',
      box: deps.keys.totpSecrets,
    },
    {
      name: 'recovery codes',
      table: 'recovery_codes',
      key: 'id',
      column: 'code_sealed',
      box: deps.keys.recoveryCodeBox,
    },
    { name: 'pending card PINs', table: 'cards', key: 'id', column: 'pending_pin_sealed', box: deps.pinBox },
    {
      name: 'identities awaiting the issuer',
      table: 'cardholder_verifications',
      key: 'id',
      column: 'details_sealed',
      box: deps.identityBox,
    },
  ];
  const sandbox = deps.sandboxIssuer;
  if (sandbox) {
    for (const column of ['number_sealed', 'cvv_sealed', 'pin_sealed']) {
      columns.push({
        name: `sandbox card ${column}`,
        table: 'sandbox_issuer_cards',
        key: 'id',
        column,
        box: sandbox.box,
      });
    }
  }
  return columns;
}

async function resealColumn(deps: Deps, target: SealedColumn): Promise<{ resealed: number; unreadable: number }> {
  const prefix = `${target.box.currentKeyId}:`;
  const skipped = new Set<string>();
  let resealed = 0;
  for (;;) {
    const rows = await executeRows<{ key: string; sealed: string }>(
      deps.db,
      sql`select ${sql.identifier(target.key)}::text as key, ${sql.identifier(target.column)} as sealed
        from ${sql.identifier(target.table)}
        where ${sql.identifier(target.column)} is not null
          and left(${sql.identifier(target.column)}, ${prefix.length}) <> ${prefix}
        order by 1 limit ${BATCH + skipped.size}`,
    );
    const pending = rows.filter((row) => !skipped.has(row.key));
    if (pending.length === 0) break;
    for (const row of pending) {
      let next: string;
      try {
        next = target.box.seal(target.box.open(row.sealed));
      } catch {
        // Sealed under a secret no longer configured: nothing can open it; counted, and left for a person.
        skipped.add(row.key);
        continue;
      }
      // Only if unchanged meanwhile: a value rewritten since the read (a new enrolment) is already current.
      const updated = await executeRows(
        deps.db,
        sql`update ${sql.identifier(target.table)} set ${sql.identifier(target.column)} = ${next}
          where ${sql.identifier(target.key)}::text = ${row.key} and ${sql.identifier(target.column)} = ${row.sealed}
          returning 1`,
      );
      resealed += updated.length;
    }
  }
  return { resealed, unreadable: skipped.size };
}

/**
 * Queued jobs carry sealed payloads (a mail's code, a sign-up's password hash), and a dead letter can wait for days
 * before an admin sends it back: those are moved to the current key too.
 */
async function resealJobPayloads(deps: Deps): Promise<{ resealed: number; unreadable: number }> {
  const box = deps.jobBox;
  const prefix = `${box.currentKeyId}:`;
  const rows = await executeRows<{ id: string; sealed: string }>(
    deps.db,
    sql`select id::text as id, data->>'sealed' as sealed from ${sql.raw(JOB_SCHEMA)}.job
      where state in ('created', 'retry', 'failed') and data ? 'sealed'
        and left(data->>'sealed', ${prefix.length}) <> ${prefix}`,
  );
  let resealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    let next: string;
    try {
      next = box.seal(box.open(row.sealed));
    } catch {
      unreadable += 1;
      continue;
    }
    const updated = await executeRows(
      deps.db,
      sql`update ${sql.raw(JOB_SCHEMA)}.job set data = jsonb_set(data, '{sealed}', to_jsonb(${next}::text))
        where id::text = ${row.id} and data->>'sealed' = ${row.sealed} returning 1`,
    );
    resealed += updated.length;
  }
  return { resealed, unreadable };
}

export type ResealReport = Record<string, { resealed: number; unreadable: number }>;

/**
 * The reseal-secrets schedule's handler: everything sealed under a previous secret (SESSION_SECRET_PREVIOUS,
 * SANDBOX_ISSUER_KEY_PREVIOUS) is opened and sealed again under the current one, so after one run the previous
 * secret can be dropped without making anything unreadable (docs/operations.md, Keys and rotation). Idempotent and
 * safe beside live traffic: each row is rewritten only if it still holds what was read.
 */
export async function resealSecrets(deps: Deps): Promise<ResealReport> {
  const report: ResealReport = {};
  for (const target of sealedColumns(deps)) report[target.name] = await resealColumn(deps, target);
  report['queued job payloads'] = await resealJobPayloads(deps);
  const unreadable = Object.entries(report).filter(([, counts]) => counts.unreadable > 0);
  if (unreadable.length > 0) {
    deps.logger.error(
      { unreadable: Object.fromEntries(unreadable) },
      'values sealed under a secret that is no longer configured: put the secret back in SESSION_SECRET_PREVIOUS (or SANDBOX_ISSUER_KEY_PREVIOUS) and let this job re-seal them',
    );
  }
  if (Object.values(report).some((counts) => counts.resealed > 0)) {
    deps.logger.info({ report }, 're-sealed values under the current key');
  }
  return report;
}
