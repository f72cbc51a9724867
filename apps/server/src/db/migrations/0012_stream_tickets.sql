CREATE TABLE "stream_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"station_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stream_tickets" ADD CONSTRAINT "stream_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_tickets_expires" ON "stream_tickets" USING btree ("expires_at");