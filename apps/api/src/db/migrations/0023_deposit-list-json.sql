ALTER TABLE "deposits" ADD COLUMN "list_json" text DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- is polled by every dashboard, and building ten JSON objects of thirteen fields per request was the larger part of
-- its database time (docs/decisions/039-lists-read-as-stored-json.md). The fields are a single top-up's answer
-- except the owner's e-mail, which the list adds when it reads. Timestamps are written as JavaScript's toISOString
-- writes them (UTC, milliseconds). Computed from NEW on every insert and every update, whatever the update changes,
-- so the stored item can never disagree with the row. PostgreSQL runs a table's BEFORE triggers in the order of their
-- names, and this one must see NEW as every other trigger left it: its name starts with zz_ to sort last, and a
-- BEFORE trigger added later must sort before it.
CREATE FUNCTION deposits_list_json() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_json := json_build_object(
    '_id', NEW.id, 'transactionId', NEW.provider_payment_id, 'orderId', NEW.order_id, 'type', 'credit',
    'amount', NEW.amount, 'amountPaid', NEW.amount_paid, 'currency', NEW.currency, 'network', NEW.network,
    'status', NEW.status, 'paymentUrl', NEW.payment_url,
    'expiresAt', to_char(NEW.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdAt', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::text;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER zz_deposits_list_json BEFORE INSERT OR UPDATE ON deposits FOR EACH ROW EXECUTE FUNCTION deposits_list_json();
--> statement-breakpoint
-- Every existing row gets its item. The final-status guard refuses any update of a credited or final top-up's
-- status, and this update touches neither status nor credited_amount, so it passes it. It rewrites every row in the
-- migration's transaction, holding their locks until it ends: fine for the deposits of a young service; a large
-- table would be done in batches before the constraint below.
UPDATE deposits SET list_json = '{}';
--> statement-breakpoint
-- From here on a row the trigger missed (a bulk load with triggers off) is refused, not listed as broken JSON.
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_list_json_written" CHECK ("deposits"."list_json" <> '{}');
