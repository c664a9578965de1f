CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"amount" bigint NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"credited_amount" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"provider_status" text,
	"payment_url" text,
	"expires_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('PENDING', 'PAID', 'PAID_OVER', 'PAID_LESS', 'EXPIRED', 'FAILED')),
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount" between 1000 and 1000000),
	CONSTRAINT "deposits_amount_paid_check" CHECK ("deposits"."amount_paid" >= 0 and "deposits"."credited_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"order_id" text,
	"raw_body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_invoices" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"order_id" text NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"payer_amount" text NOT NULL,
	"payment_amount_usd" text,
	"status" text DEFAULT 'check' NOT NULL,
	"url_callback" text,
	"url_return" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_order_id_unique" ON "deposits" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_idempotency_unique" ON "deposits" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "deposits_user_created_idx" ON "deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_pending_check_idx" ON "deposits" USING btree ("next_check_at") WHERE "deposits"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_key_unique" ON "payment_webhook_events" USING btree ("provider","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_invoices_order_unique" ON "sandbox_invoices" USING btree ("merchant","order_id");