ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_non_negative";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP COLUMN "allow_negative";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."balance" >= 0 or "ledger_accounts"."kind" in ('clearing_payments', 'clearing_issuer', 'expense_referral_rewards'));--> statement-breakpoint
-- The cached balance is the database's own business: each statement inserting entries adds their sums to the
-- accounts (one UPDATE per statement, not per row, so a transfer still costs one account update), and any other
-- change of a balance is refused. pg_trigger_depth() tells the two apart: the update made here runs the guard below
-- at depth 2, a direct UPDATE at depth 1.
CREATE FUNCTION ledger_entries_apply_to_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts a SET balance = a.balance + d.delta
  FROM (SELECT account_id, sum(amount)::bigint AS delta FROM new_entries GROUP BY account_id) d
  WHERE a.id = d.account_id AND d.delta <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_update_balances AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_apply_to_balances();
--> statement-breakpoint
CREATE FUNCTION ledger_accounts_balance_is_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance <> 0 THEN
      RAISE EXCEPTION 'a ledger account opens at zero; money arrives through entries';
    END IF;
  ELSIF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a ledger balance is the sum of its entries; post a transfer instead';
  ELSIF NEW.kind IS DISTINCT FROM OLD.kind OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.ref IS DISTINCT FROM OLD.ref THEN
    RAISE EXCEPTION 'a ledger account keeps its owner and kind';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE INSERT OR UPDATE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_balance_is_derived();
--> statement-breakpoint
CREATE FUNCTION ledger_accounts_keep_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger accounts, transfers and entries are never deleted';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_keep_history();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_change BEFORE UPDATE OR DELETE ON "ledger_transfers"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_are_immutable();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_keep_history();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON "ledger_transfers"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_keep_history();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON "ledger_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_keep_history();
--> statement-breakpoint
-- A deposit that reached an outcome keeps it: what was credited (or not) for it must not be re-decided.
CREATE FUNCTION deposits_final_status_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'PENDING' AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'deposit % is % and cannot become %', OLD.id, OLD.status, NEW.status;
  END IF;
  IF OLD.credited_amount <> 0 AND NEW.credited_amount IS DISTINCT FROM OLD.credited_amount THEN
    RAISE EXCEPTION 'deposit % was credited once and keeps that amount', OLD.id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER deposits_final_status BEFORE UPDATE OF status, credited_amount ON "deposits"
  FOR EACH ROW EXECUTE FUNCTION deposits_final_status_is_final();
--> statement-breakpoint
-- PostgreSQL: the app connects as a role that may read and append the ledger but never rewrite it. Run as the owner
-- (the app does so itself after migrating when DATABASE_MIGRATION_URL is set; docs/operations.md, Database roles).
CREATE FUNCTION coincard_grant_app_role(app_role name) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', app_role);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', app_role);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', app_role);
  EXECUTE format('REVOKE TRUNCATE ON ALL TABLES IN SCHEMA public FROM %I', app_role);
  EXECUTE format('REVOKE UPDATE, DELETE ON ledger_entries, ledger_transfers FROM %I', app_role);
  EXECUTE format('REVOKE DELETE ON ledger_accounts FROM %I', app_role);
  REVOKE UPDATE, DELETE, TRUNCATE ON ledger_entries, ledger_transfers FROM PUBLIC;
END;
$$;
