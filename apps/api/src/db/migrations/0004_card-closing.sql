ALTER TABLE "card_monthly_fees" DROP CONSTRAINT "card_monthly_fees_status_check";--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "close_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "next_close_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_monthly_fees" ADD CONSTRAINT "card_monthly_fees_status_check" CHECK ("card_monthly_fees"."status" in ('paid', 'collecting', 'unpaid', 'waived'));