ALTER TABLE "stations" ADD COLUMN "legal_info" jsonb;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "legal_updated_at" timestamp with time zone;