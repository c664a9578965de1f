ALTER TABLE "referral_rewards" DROP CONSTRAINT "referral_rewards_status_check";--> statement-breakpoint
DROP INDEX "referral_rewards_once";--> statement-breakpoint
ALTER TABLE "referral_rewards" ALTER COLUMN "status" SET DEFAULT 'held';--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_once" ON "referral_rewards" USING btree ("referral_id","event") WHERE "referral_rewards"."status" in ('held', 'paid');--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_status_check" CHECK ("referral_rewards"."status" in ('held', 'paid', 'reversed'));--> statement-breakpoint
UPDATE "referral_rewards" SET "released_at" = "created_at" WHERE "status" = 'paid';
--> statement-breakpoint
-- abs(hashtext(...)) overflows for the one id in 2^32 whose hash is -2^31; the low three bits are always 0..7.
CREATE OR REPLACE FUNCTION stats_shard(id uuid) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtext(id::text) & 7
$$;
