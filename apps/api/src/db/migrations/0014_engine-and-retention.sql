-- The leased-rows job runner is replaced by pg-boss (its own schema, installed after these migrations).
DROP TABLE "jobs" CASCADE;--> statement-breakpoint
CREATE INDEX "one_time_codes_expires_idx" ON "one_time_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "provider_events_processed_idx" ON "provider_events" USING btree ("processed_at") WHERE "provider_events"."processed_at" is not null;--> statement-breakpoint
CREATE INDEX "login_failures_last_failed_idx" ON "login_failures" USING btree ("last_failed_at");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");