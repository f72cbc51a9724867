CREATE TABLE "partner_bookings" (
	"partner_id" uuid NOT NULL,
	"partner_order_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"order_id" uuid,
	"station_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_bookings_partner_id_partner_order_id_pk" PRIMARY KEY("partner_id","partner_order_id")
);
--> statement-breakpoint
CREATE TABLE "partner_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"partner_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	"partner_order_id" text NOT NULL,
	"type" text NOT NULL,
	"to_status" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"station_id" uuid,
	"kind" text NOT NULL,
	"partner_order_id" text,
	"order_id" uuid,
	"status_code" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_ids" (
	"partner_id" uuid NOT NULL,
	"webhook_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_webhook_ids_partner_id_webhook_id_pk" PRIMARY KEY("partner_id","webhook_id")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"callback_url" text NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_partners" (
	"station_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"partner_station_id" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_partners_station_id_partner_id_pk" PRIMARY KEY("station_id","partner_id")
);
--> statement-breakpoint
ALTER TABLE "partner_bookings" ADD CONSTRAINT "partner_bookings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_bookings" ADD CONSTRAINT "partner_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_bookings" ADD CONSTRAINT "partner_bookings_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_callbacks" ADD CONSTRAINT "partner_callbacks_event_id_order_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."order_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_callbacks" ADD CONSTRAINT "partner_callbacks_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_callbacks" ADD CONSTRAINT "partner_callbacks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_callbacks" ADD CONSTRAINT "partner_callbacks_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD CONSTRAINT "partner_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD CONSTRAINT "partner_requests_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD CONSTRAINT "partner_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_ids" ADD CONSTRAINT "partner_webhook_ids_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_partners" ADD CONSTRAINT "station_partners_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_partners" ADD CONSTRAINT "station_partners_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_bookings_order" ON "partner_bookings" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_callbacks_event" ON "partner_callbacks" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "partner_callbacks_due" ON "partner_callbacks" USING btree ("next_attempt_at") WHERE "partner_callbacks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "partner_callbacks_order" ON "partner_callbacks" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "partner_callbacks_station" ON "partner_callbacks" USING btree ("station_id","id");--> statement-breakpoint
CREATE INDEX "partner_callbacks_partner" ON "partner_callbacks" USING btree ("partner_id","status");--> statement-breakpoint
CREATE INDEX "partner_requests_station" ON "partner_requests" USING btree ("station_id","id");--> statement-breakpoint
CREATE INDEX "partner_requests_partner" ON "partner_requests" USING btree ("partner_id","id");--> statement-breakpoint
CREATE INDEX "partner_webhook_ids_seen" ON "partner_webhook_ids" USING btree ("seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "station_partners_partner_station" ON "station_partners" USING btree ("partner_id","partner_station_id");