CREATE TABLE "card_declines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"issuer_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"merchant" text NOT NULL,
	"category" text,
	"reason" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_declines_amount_check" CHECK ("card_declines"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_declines" ADD CONSTRAINT "card_declines_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_declines" ADD CONSTRAINT "card_declines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_declines_reference_unique" ON "card_declines" USING btree ("card_id","issuer_reference");--> statement-breakpoint
CREATE INDEX "card_declines_user_idx" ON "card_declines" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "card_declines_card_idx" ON "card_declines" USING btree ("card_id","occurred_at");