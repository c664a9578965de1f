CREATE TABLE "card_authorizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"issuer_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"merchant" text NOT NULL,
	"category" text,
	"approved" boolean NOT NULL,
	"reason" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_authorizations_amount_check" CHECK ("card_authorizations"."amount" > 0),
	CONSTRAINT "card_authorizations_reason_check" CHECK ("card_authorizations"."approved" = ("card_authorizations"."reason" is null))
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "limit_per_purchase" bigint;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "limit_daily" bigint;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "limit_monthly" bigint;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "merchant_lock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "blocked_categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "single_use" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_authorizations_reference_unique" ON "card_authorizations" USING btree ("card_id","issuer_reference");--> statement-breakpoint
CREATE INDEX "card_authorizations_spent_idx" ON "card_authorizations" USING btree ("card_id","created_at") WHERE "card_authorizations"."approved";--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_limits_check" CHECK (coalesce("cards"."limit_per_purchase", 1) > 0 and coalesce("cards"."limit_daily", 1) > 0 and coalesce("cards"."limit_monthly", 1) > 0);