ALTER TABLE "recovery_codes" ALTER COLUMN "code_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD COLUMN "code_sealed" text;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_one_form_check" CHECK (("recovery_codes"."code_hash" is null) <> ("recovery_codes"."code_sealed" is null));