DROP INDEX "deposits_created_idx";--> statement-breakpoint
DROP INDEX "deposits_paid_updated_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "deposits_provider_payment_idx" ON "deposits" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "users_admins_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'admin';--> statement-breakpoint
CREATE INDEX "deposits_created_idx" ON "deposits" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "deposits_paid_updated_idx" ON "deposits" USING btree ("updated_at","id") WHERE "deposits"."status" in ('PAID', 'PAID_OVER', 'PAID_LESS');--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");