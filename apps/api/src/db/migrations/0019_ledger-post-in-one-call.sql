-- A transfer in one call (issue 20): finding or creating the accounts, locking them in one global order, the
-- idempotency check, the funds check and the writes ran as six statements from the app, each a round trip. They run
-- here, in one function call inside the caller's transaction. The answer says what happened without raising, so a
-- refusal leaves the caller's transaction clean and usable (a caller may try another source of money):
--   0 posted; -1 a transfer with this id exists (nothing moved); n > 0 the posting at position n (1-based) would
--   take an account that may not go negative below zero (nothing written).
-- p_postings: [{ "kind", "userId" (or null), "ref", "amount", "newId" (the id if the account must be created),
-- "floor" (true where the account may not go negative) }]. The triggers below stay the last word on every rule.
CREATE FUNCTION ledger_post(p_id text, p_kind text, p_metadata jsonb, p_postings jsonb) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  amounts bigint[];
  floors boolean[];
  refused integer;
BEGIN
  -- Each posting's account by its unique key (one index lookup each; a join over the key let the planner scan the
  -- whole accounts table).
  SELECT array_agg(a.id ORDER BY p.n), array_agg((p.v->>'amount')::bigint ORDER BY p.n),
    array_agg((p.v->>'floor')::boolean ORDER BY p.n)
  INTO ids, amounts, floors
  FROM jsonb_array_elements(p_postings) WITH ORDINALITY p(v, n)
  LEFT JOIN LATERAL (
    SELECT id FROM ledger_accounts
    WHERE kind = p.v->>'kind' AND coalesce(user_id::text, '') = coalesce(p.v->>'userId', '') AND ref = p.v->>'ref'
  ) a ON true;

  IF array_position(ids, NULL) IS NOT NULL THEN
    -- Sorted by key, so two transactions creating the same new accounts insert them in the same order (no deadlock).
    INSERT INTO ledger_accounts (id, kind, user_id, ref)
    SELECT DISTINCT ON (v->>'kind', coalesce(v->>'userId', ''), v->>'ref')
      (v->>'newId')::uuid, v->>'kind', (v->>'userId')::uuid, v->>'ref'
    FROM jsonb_array_elements(p_postings) v
    ORDER BY v->>'kind', coalesce(v->>'userId', ''), v->>'ref'
    ON CONFLICT (kind, coalesce(user_id::text, ''), ref) DO NOTHING;
    SELECT array_agg(a.id ORDER BY p.n) INTO ids
    FROM jsonb_array_elements(p_postings) WITH ORDINALITY p(v, n)
    JOIN LATERAL (
      SELECT id FROM ledger_accounts
      WHERE kind = p.v->>'kind' AND coalesce(user_id::text, '') = coalesce(p.v->>'userId', '') AND ref = p.v->>'ref'
    ) a ON true;
  END IF;

  -- Locked in one global order (by id), then each account's balance after this transfer checked against its floor.
  SELECT min(d.first_posting) INTO refused
  FROM (SELECT id, balance FROM ledger_accounts WHERE id = ANY(ids) ORDER BY id FOR UPDATE) a
  JOIN LATERAL (
    SELECT min(u.n) AS first_posting, sum(u.amount) AS delta, bool_or(u.floor) AS floor
    FROM unnest(ids, amounts, floors) WITH ORDINALITY u(id, amount, floor, n) WHERE u.id = a.id
  ) d ON true
  WHERE d.floor AND a.balance + d.delta < 0;

  IF refused IS NOT NULL THEN
    -- A transfer posted before is answered as such, even if the money has moved on since.
    IF EXISTS (SELECT 1 FROM ledger_transfers WHERE id = p_id) THEN
      RETURN -1;
    END IF;
    RETURN refused;
  END IF;

  -- The id is the idempotency key: a transfer posted before writes nothing here and moves nothing.
  INSERT INTO ledger_transfers (id, kind, metadata) VALUES (p_id, p_kind, p_metadata) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN -1;
  END IF;
  -- The entries in one statement: the trigger below adds them to the cached balances and checks they balance.
  INSERT INTO ledger_entries (transfer_id, account_id, amount)
  SELECT p_id, u.id, u.amount FROM unnest(ids, amounts) WITH ORDINALITY u(id, amount, n) ORDER BY u.n;
  RETURN 0;
END;
$$;
--> statement-breakpoint
-- A transfer balances within the statement that writes its entries, checked by the statement trigger that already
-- reads them to update the balances. This replaces a deferred trigger that summed each transfer's entries once per
-- entry at commit (two index scans a transfer). Entries written in several statements each balance on their own,
-- so every transfer still sums to zero.
CREATE OR REPLACE FUNCTION ledger_entries_apply_to_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  UPDATE ledger_accounts a SET balance = a.balance + d.delta
  FROM (SELECT account_id, sum(amount)::bigint AS delta FROM new_entries GROUP BY account_id) d
  WHERE a.id = d.account_id AND d.delta <> 0;
  SELECT transfer_id INTO unbalanced FROM new_entries GROUP BY transfer_id HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transfer % does not balance', unbalanced;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER ledger_entries_balanced ON "ledger_entries";
--> statement-breakpoint
DROP FUNCTION ledger_transfer_must_balance();
--> statement-breakpoint
-- The guard on the accounts ran a PL/pgSQL call for every row inserted (even an account that existed: ON CONFLICT
-- comes after BEFORE triggers) and every balance the entries trigger updated. Its conditions move into WHEN clauses,
-- evaluated without a function call, so it runs only when it is about to refuse. Depth 0 is a statement from
-- outside any trigger; the entries trigger's update runs at depth 1.
DROP TRIGGER ledger_accounts_guard ON "ledger_accounts";
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard_insert BEFORE INSERT ON "ledger_accounts"
  FOR EACH ROW WHEN (NEW.balance <> 0) EXECUTE FUNCTION ledger_accounts_balance_is_derived();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard_update BEFORE UPDATE ON "ledger_accounts"
  FOR EACH ROW WHEN (
    (NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 1)
    OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.ref IS DISTINCT FROM OLD.ref
  ) EXECUTE FUNCTION ledger_accounts_balance_is_derived();
