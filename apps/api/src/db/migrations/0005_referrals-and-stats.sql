CREATE TABLE "platform_daily_stats" (
	"day" date NOT NULL,
	"shard" integer NOT NULL,
	"users_registered" integer DEFAULT 0 NOT NULL,
	"cards_created" integer DEFAULT 0 NOT NULL,
	"deposits_created" integer DEFAULT 0 NOT NULL,
	"paid_invoices" integer DEFAULT 0 NOT NULL,
	"funds_loaded" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_daily_stats_day_shard_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE TABLE "user_load_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"loaded" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"referral_id" uuid NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referred_user_id" uuid NOT NULL,
	"event" text NOT NULL,
	"referrer_amount" bigint NOT NULL,
	"referred_amount" bigint DEFAULT 0 NOT NULL,
	"card_id" uuid,
	"status" text DEFAULT 'paid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_event_check" CHECK ("referral_rewards"."event" in ('SIGNUP', 'FIRST_CARD')),
	CONSTRAINT "referral_rewards_status_check" CHECK ("referral_rewards"."status" in ('paid', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "referral_withdrawals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"referred_user_id" uuid NOT NULL,
	"referrer_id" uuid,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('applied', 'not_applied'))
);
--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
ALTER TABLE "user_load_totals" ADD CONSTRAINT "user_load_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_withdrawals" ADD CONSTRAINT "referral_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_load_totals_loaded_idx" ON "user_load_totals" USING btree ("loaded");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_once" ON "referral_rewards" USING btree ("referral_id","event") WHERE "referral_rewards"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_withdrawals_user_idx" ON "referral_withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_unique" ON "referrals" USING btree ("referred_user_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "card_monthly_fees_user_idx" ON "card_monthly_fees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "card_operations_user_idx" ON "card_operations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deposits_created_idx" ON "deposits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deposits_paid_updated_idx" ON "deposits" USING btree ("updated_at") WHERE "deposits"."status" in ('PAID', 'PAID_OVER', 'PAID_LESS');--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_user_id","created_at");--> statement-breakpoint
-- Trigram search over e-mails (the admin's users and transactions search). Where the extension cannot be created
-- (a managed database without the privilege), search still works, by scanning.
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available; e-mail search will scan';
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
-- Platform counters for the admin dashboard, kept by triggers in the same transaction as what they count.
CREATE FUNCTION stats_shard(id uuid) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT abs(hashtext(id::text)) % 8
$$;
--> statement-breakpoint
CREATE FUNCTION bump_daily_stats(d date, s integer, users_n integer, cards_n integer, deposits_n integer,
  paid_n integer, funds bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO platform_daily_stats AS p (day, shard, users_registered, cards_created, deposits_created, paid_invoices, funds_loaded)
  VALUES (d, s, users_n, cards_n, deposits_n, paid_n, funds)
  ON CONFLICT (day, shard) DO UPDATE SET
    users_registered = p.users_registered + EXCLUDED.users_registered,
    cards_created = p.cards_created + EXCLUDED.cards_created,
    deposits_created = p.deposits_created + EXCLUDED.deposits_created,
    paid_invoices = p.paid_invoices + EXCLUDED.paid_invoices,
    funds_loaded = p.funds_loaded + EXCLUDED.funds_loaded
$$;
--> statement-breakpoint
CREATE FUNCTION count_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.role = 'user' THEN
      PERFORM bump_daily_stats((NEW.created_at AT TIME ZONE 'UTC')::date, stats_shard(NEW.id), 1, 0, 0, 0, 0);
    END IF;
  ELSIF OLD.role IS DISTINCT FROM NEW.role THEN
    PERFORM bump_daily_stats((NEW.created_at AT TIME ZONE 'UTC')::date, stats_shard(NEW.id),
      CASE WHEN NEW.role = 'user' THEN 1 ELSE -1 END, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_counted AFTER INSERT OR UPDATE OF role ON users FOR EACH ROW EXECUTE FUNCTION count_users();
--> statement-breakpoint
-- Every card ever created counts, except one the issuer refused (its fee was returned).
CREATE FUNCTION count_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'failed' THEN
      PERFORM bump_daily_stats((NEW.created_at AT TIME ZONE 'UTC')::date, stats_shard(NEW.user_id), 0, 1, 0, 0, 0);
    END IF;
  ELSIF (OLD.status = 'failed') <> (NEW.status = 'failed') THEN
    PERFORM bump_daily_stats((NEW.created_at AT TIME ZONE 'UTC')::date, stats_shard(NEW.user_id), 0,
      CASE WHEN NEW.status = 'failed' THEN -1 ELSE 1 END, 0, 0, 0);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cards_counted AFTER INSERT OR UPDATE OF status ON cards FOR EACH ROW EXECUTE FUNCTION count_cards();
--> statement-breakpoint
-- A paid top-up counts on the day it was paid; what it credited adds to the day's funds and to its user's load.
CREATE FUNCTION count_deposits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_paid boolean := TG_OP = 'UPDATE' AND OLD.status IN ('PAID', 'PAID_OVER', 'PAID_LESS');
  is_paid boolean := NEW.status IN ('PAID', 'PAID_OVER', 'PAID_LESS');
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_daily_stats((NEW.created_at AT TIME ZONE 'UTC')::date, stats_shard(NEW.user_id), 0, 0, 1, 0, 0);
  END IF;
  IF is_paid AND NOT was_paid THEN
    PERFORM bump_daily_stats((NEW.updated_at AT TIME ZONE 'UTC')::date, stats_shard(NEW.user_id), 0, 0, 0, 1,
      NEW.credited_amount);
    INSERT INTO user_load_totals AS l (user_id, loaded) VALUES (NEW.user_id, NEW.credited_amount)
      ON CONFLICT (user_id) DO UPDATE SET loaded = l.loaded + EXCLUDED.loaded;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER deposits_counted AFTER INSERT OR UPDATE OF status ON deposits FOR EACH ROW EXECUTE FUNCTION count_deposits();
--> statement-breakpoint
-- What happened before the counters existed.
SELECT bump_daily_stats(d, s, n, 0, 0, 0, 0) FROM (
  SELECT (created_at AT TIME ZONE 'UTC')::date AS d, stats_shard(id) AS s, count(*)::int AS n
  FROM users WHERE role = 'user' GROUP BY 1, 2) x;
--> statement-breakpoint
SELECT bump_daily_stats(d, s, 0, n, 0, 0, 0) FROM (
  SELECT (created_at AT TIME ZONE 'UTC')::date AS d, stats_shard(user_id) AS s, count(*)::int AS n
  FROM cards WHERE status <> 'failed' GROUP BY 1, 2) x;
--> statement-breakpoint
SELECT bump_daily_stats(d, s, 0, 0, n, 0, 0) FROM (
  SELECT (created_at AT TIME ZONE 'UTC')::date AS d, stats_shard(user_id) AS s, count(*)::int AS n
  FROM deposits GROUP BY 1, 2) x;
--> statement-breakpoint
SELECT bump_daily_stats(d, s, 0, 0, 0, n, f) FROM (
  SELECT (updated_at AT TIME ZONE 'UTC')::date AS d, stats_shard(user_id) AS s, count(*)::int AS n,
    sum(credited_amount)::bigint AS f
  FROM deposits WHERE status IN ('PAID', 'PAID_OVER', 'PAID_LESS') GROUP BY 1, 2) x;
--> statement-breakpoint
INSERT INTO user_load_totals (user_id, loaded)
  SELECT user_id, sum(credited_amount) FROM deposits WHERE status IN ('PAID', 'PAID_OVER', 'PAID_LESS')
  GROUP BY user_id;
