CREATE TABLE "fixed_tariffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"cost" integer NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"tariff_key" text NOT NULL,
	"service" text,
	"car_class" text,
	"field" text NOT NULL,
	"old_value" integer,
	"new_value" integer,
	"user_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "enable_robot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "payment_min" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "payment_step" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "payment_max" integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "fixed_tariffs" ADD CONSTRAINT "fixed_tariffs_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_price_changes" ADD CONSTRAINT "tariff_price_changes_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fixed_tariffs_station" ON "fixed_tariffs" USING btree ("station_id","position");--> statement-breakpoint
CREATE INDEX "tariff_price_changes_tariff" ON "tariff_price_changes" USING btree ("station_id","tariff_key","changed_at");