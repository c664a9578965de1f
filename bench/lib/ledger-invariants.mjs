// The ledger's invariants, checked straight in PostgreSQL after a benchmark: entries sum to zero, each transfer
// balances, each cached balance equals its entries, and no account that must not go negative did.
export async function ledgerInvariants(client) {
  const total = await client.query('select coalesce(sum(amount), 0)::bigint as total from ledger_entries');
  const unbalanced = await client.query(
    'select count(*)::int as n from (select transfer_id from ledger_entries group by transfer_id having sum(amount) <> 0) t',
  );
  const drift = await client.query(`
    select count(*)::int as n from (
      select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)) d`);
  const negative = await client.query(
    "select count(*)::int as n from ledger_accounts where balance < 0 and kind not in ('clearing_payments', 'clearing_issuer', 'expense_referral_rewards')",
  );
  const problems = [];
  if (Number(total.rows[0].total) !== 0) problems.push(`entries sum to ${total.rows[0].total}`);
  if (unbalanced.rows[0].n) problems.push(`${unbalanced.rows[0].n} unbalanced transfers`);
  if (drift.rows[0].n) problems.push(`${drift.rows[0].n} accounts drift from their entries`);
  if (negative.rows[0].n) problems.push(`${negative.rows[0].n} negative accounts`);
  return problems.length === 0 ? 'all hold' : problems.join('; ');
}
