CREATE TABLE "card_balance_mismatches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"ledger_balance" bigint NOT NULL,
	"issuer_balance" bigint NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "card_monthly_fees" (
	"card_id" uuid NOT NULL,
	"period" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"paid_from" text,
	"operation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "card_monthly_fees_card_id_period_pk" PRIMARY KEY("card_id","period"),
	CONSTRAINT "card_monthly_fees_status_check" CHECK ("card_monthly_fees"."status" in ('paid', 'collecting', 'unpaid'))
);
--> statement-breakpoint
CREATE TABLE "card_operations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "card_operations_kind_check" CHECK ("card_operations"."kind" in ('fund', 'unload', 'close', 'fee')),
	CONSTRAINT "card_operations_status_check" CHECK ("card_operations"."status" in ('pending', 'submitted', 'completed', 'failed')),
	CONSTRAINT "card_operations_amount_check" CHECK ("card_operations"."amount" > 0 and "card_operations"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cardholder_requests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"issuer_card_id" text,
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"frozen_reason" text,
	"last4" text,
	"holder_name" text,
	"pending_pin_sealed" text,
	"creation_attempts" integer DEFAULT 0 NOT NULL,
	"next_creation_attempt_at" timestamp with time zone,
	"failure_reason" text,
	"idempotency_key" text,
	"request_hash" text,
	"next_fee_due_at" timestamp with time zone NOT NULL,
	"issuer_closed_at" timestamp with time zone,
	"balance_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"terminated_at" timestamp with time zone,
	CONSTRAINT "cards_status_check" CHECK ("cards"."status" in ('pending', 'active', 'frozen', 'terminated', 'failed')),
	CONSTRAINT "cards_name_check" CHECK (char_length("cards"."name") between 1 and 32),
	CONSTRAINT "cards_frozen_reason_check" CHECK (("cards"."status" = 'frozen') = ("cards"."frozen_reason" is not null) or "cards"."status" in ('terminated', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_issuer_cardholders" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"meta_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_issuer_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"cardholder_id" text NOT NULL,
	"reference" text NOT NULL,
	"number_sealed" text NOT NULL,
	"cvv_sealed" text NOT NULL,
	"pin_sealed" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" text NOT NULL,
	"expiry_year" text NOT NULL,
	"card_name" text NOT NULL,
	"book_balance" bigint DEFAULT 0 NOT NULL,
	"reserved" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"last_move_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_issuer_cards_reference_unique" UNIQUE("reference"),
	CONSTRAINT "sandbox_issuer_cards_balance_check" CHECK ("sandbox_issuer_cards"."reserved" >= 0 and "sandbox_issuer_cards"."book_balance" >= "sandbox_issuer_cards"."reserved")
);
--> statement-breakpoint
CREATE TABLE "sandbox_issuer_operations" (
	"reference" text PRIMARY KEY NOT NULL,
	"card_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"accepted_at" timestamp with time zone NOT NULL,
	"complete_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_issuer_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"card_id" text NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"client_reference" text,
	"merchant" jsonb,
	"reversed_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_issuer_webhooks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_balance_mismatches" ADD CONSTRAINT "card_balance_mismatches_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_monthly_fees" ADD CONSTRAINT "card_monthly_fees_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_monthly_fees" ADD CONSTRAINT "card_monthly_fees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_operations" ADD CONSTRAINT "card_operations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_operations" ADD CONSTRAINT "card_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardholder_requests" ADD CONSTRAINT "cardholder_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_issuer_cards" ADD CONSTRAINT "sandbox_issuer_cards_cardholder_id_sandbox_issuer_cardholders_id_fk" FOREIGN KEY ("cardholder_id") REFERENCES "public"."sandbox_issuer_cardholders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_issuer_operations" ADD CONSTRAINT "sandbox_issuer_operations_card_id_sandbox_issuer_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."sandbox_issuer_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_issuer_transactions" ADD CONSTRAINT "sandbox_issuer_transactions_card_id_sandbox_issuer_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."sandbox_issuer_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_balance_mismatches_open_unique" ON "card_balance_mismatches" USING btree ("card_id") WHERE "card_balance_mismatches"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "card_monthly_fees_unpaid_idx" ON "card_monthly_fees" USING btree ("card_id") WHERE "card_monthly_fees"."status" = 'unpaid';--> statement-breakpoint
CREATE UNIQUE INDEX "card_operations_idempotency_unique" ON "card_operations" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "card_operations_card_created_idx" ON "card_operations" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "card_operations_due_idx" ON "card_operations" USING btree ("next_attempt_at") WHERE "card_operations"."status" in ('pending', 'submitted');--> statement-breakpoint
CREATE UNIQUE INDEX "cards_issuer_card_unique" ON "cards" USING btree ("issuer","issuer_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_idempotency_unique" ON "cards" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "cards_user_created_idx" ON "cards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cards_fee_due_idx" ON "cards" USING btree ("next_fee_due_at") WHERE "cards"."status" in ('active', 'frozen');--> statement-breakpoint
CREATE INDEX "cards_pending_idx" ON "cards" USING btree ("next_creation_attempt_at") WHERE "cards"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sandbox_issuer_operations_due_idx" ON "sandbox_issuer_operations" USING btree ("complete_at") WHERE "sandbox_issuer_operations"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "sandbox_issuer_transactions_card_idx" ON "sandbox_issuer_transactions" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_issuer_webhooks_due_idx" ON "sandbox_issuer_webhooks" USING btree ("next_attempt_at") WHERE "sandbox_issuer_webhooks"."delivered_at" is null;--> statement-breakpoint
-- Users verified before cards existed get their cardholder from the same job as everyone else.
INSERT INTO "cardholder_requests" ("user_id", "next_attempt_at")
  SELECT "id", now() FROM "users" WHERE "verified" AND "role" = 'user' AND "cardholder_id" IS NULL;
