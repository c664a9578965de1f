CREATE TABLE "login_failures" (
	"account" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_failures_failures_check" CHECK ("login_failures"."failures" > 0)
);
