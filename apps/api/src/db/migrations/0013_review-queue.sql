CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"user_id" uuid,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	CONSTRAINT "reviews_kind_check" CHECK (("reviews"."kind", "reviews"."subject_type") in (('deposit_amount_mismatch', 'deposit'), ('deposit_final_disagreement', 'deposit'), ('provider_event_unapplied', 'provider_event'), ('provider_event_disagreement', 'provider_event'), ('card_balance_divergence', 'card'))),
	CONSTRAINT "reviews_resolution_check" CHECK (("reviews"."resolved_at" is null and "reviews"."resolved_by" is null and "reviews"."resolution_note" is null)
        or ("reviews"."resolved_at" is not null and "reviews"."resolution_note" is not null))
);
--> statement-breakpoint
-- The card balance differences kept since 0003 become reviews of their own kind, open or closed as they were.
INSERT INTO "reviews" ("id", "kind", "subject_type", "subject_id", "user_id", "reason", "details", "created_at",
    "last_seen_at", "resolved_at", "resolution_note")
  SELECT m."id", 'card_balance_divergence', 'card', m."card_id", c."user_id",
    'The ledger holds ' || to_char(m."ledger_balance" / 100.0, 'FM$999,999,999,990.00') || ' on this card; the issuer holds '
      || to_char(m."issuer_balance" / 100.0, 'FM$999,999,999,990.00') || '.',
    jsonb_build_object('ledgerBalance', m."ledger_balance", 'issuerBalance', m."issuer_balance"),
    m."detected_at", m."last_seen_at", m."resolved_at",
    CASE WHEN m."resolved_at" IS NULL THEN NULL ELSE 'The ledger and the issuer agreed again.' END
  FROM "card_balance_mismatches" m JOIN "cards" c ON c."id" = m."card_id";--> statement-breakpoint
DROP TABLE "card_balance_mismatches" CASCADE;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "webhook_report" jsonb;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_open_unique" ON "reviews" USING btree ("kind","subject_type","subject_id") WHERE "reviews"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
-- A review is a record: never deleted, and once resolved its resolution stays as the person (or the app) wrote it.
CREATE FUNCTION reviews_are_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'review % is a record and cannot be deleted', OLD.id;
  END IF;
  IF OLD.resolved_at IS NOT NULL THEN
    RAISE EXCEPTION 'review % was resolved and keeps its resolution', OLD.id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reviews_kept BEFORE UPDATE OR DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION reviews_are_kept();
