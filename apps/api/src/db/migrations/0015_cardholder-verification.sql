CREATE TABLE "cardholder_reverify_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"admin_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"previous_cardholder_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cardholder_verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"issuer_cardholder_id" text,
	"details_sealed" text,
	"summary" jsonb NOT NULL,
	"reason" text,
	"counts_as_attempt" boolean DEFAULT true NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "cardholder_verifications_status_check" CHECK ("cardholder_verifications"."status" in ('pending', 'approved', 'rejected', 'needs_more_information', 'withdrawn')),
	CONSTRAINT "cardholder_verifications_sealed_check" CHECK ("cardholder_verifications"."details_sealed" is null or ("cardholder_verifications"."status" = 'pending' and "cardholder_verifications"."issuer_cardholder_id" is null))
);
--> statement-breakpoint
-- The automatic cardholder for every verified e-mail ends: a cardholder now comes from an approved verification
-- (decision 029). Users who already have a cardholder_id keep it and count as verified.
DROP TABLE "cardholder_requests" CASCADE;--> statement-breakpoint
ALTER TABLE "sandbox_issuer_cardholders" ADD COLUMN "status" text DEFAULT 'VERIFIED' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_issuer_cardholders" ADD COLUMN "details_sealed" text;--> statement-breakpoint
ALTER TABLE "sandbox_issuer_cardholders" ADD COLUMN "decide_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_issuer_cardholders" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_issuer_cardholders" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "cardholder_reverify_requests" ADD CONSTRAINT "cardholder_reverify_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardholder_reverify_requests" ADD CONSTRAINT "cardholder_reverify_requests_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardholder_verifications" ADD CONSTRAINT "cardholder_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cardholder_reverify_requests_user_idx" ON "cardholder_reverify_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cardholder_verifications_user_idx" ON "cardholder_verifications" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cardholder_verifications_issuer_holder_unique" ON "cardholder_verifications" USING btree ("issuer","issuer_cardholder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cardholder_verifications_one_pending" ON "cardholder_verifications" USING btree ("user_id") WHERE "cardholder_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "cardholder_verifications_unsent_idx" ON "cardholder_verifications" USING btree ("submitted_at") WHERE "cardholder_verifications"."status" = 'pending' and "cardholder_verifications"."issuer_cardholder_id" is null;--> statement-breakpoint
CREATE INDEX "sandbox_issuer_cardholders_due_idx" ON "sandbox_issuer_cardholders" USING btree ("decide_at") WHERE "sandbox_issuer_cardholders"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "users_cardholders_idx" ON "users" USING btree ("id") WHERE "users"."cardholder_id" is not null;