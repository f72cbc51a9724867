CREATE TABLE "online_booking_settings" (
	"station_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"tariff_ids" jsonb,
	"service_keys" jsonb,
	"min_notice_minutes" integer DEFAULT 60 NOT NULL,
	"cancel_cutoff_minutes" integer DEFAULT 60 NOT NULL,
	"max_open_per_phone" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_booking_settings_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "online_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_version" text NOT NULL,
	"consent_operator" text DEFAULT '' NOT NULL,
	"removal_requested_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_bookings_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "online_bookings_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "online_booking_settings" ADD CONSTRAINT "online_booking_settings_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_bookings" ADD CONSTRAINT "online_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_bookings" ADD CONSTRAINT "online_bookings_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_bookings_station_phone" ON "online_bookings" USING btree ("station_id","phone");