CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"event_type" text NOT NULL,
	"subject" text,
	"raw_body" text NOT NULL,
	"signature" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
-- Payment webhooks received before this migration keep their history in the one table of provider events.
INSERT INTO "provider_events" ("id", "source", "provider", "event_key", "event_type", "subject", "raw_body", "received_at", "processed_at", "outcome")
  SELECT "id", 'payments', "provider", "event_key", 'payment', "order_id", "raw_body", "received_at", "processed_at",
    CASE WHEN "processed_at" IS NOT NULL THEN 'processed' END
  FROM "payment_webhook_events";--> statement-breakpoint
DROP TABLE "payment_webhook_events" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_key_unique" ON "provider_events" USING btree ("source","provider","event_key");--> statement-breakpoint
CREATE INDEX "provider_events_subject_idx" ON "provider_events" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "provider_events_replay_idx" ON "provider_events" USING btree ("next_attempt_at") WHERE "provider_events"."processed_at" is null;