CREATE TABLE "additional_services" (
	"station_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"service_key" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"prices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "additional_services_station_id_kind_service_key_pk" PRIMARY KEY("station_id","kind","service_key")
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network_id" uuid NOT NULL,
	"name" text NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"cars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"price_active" boolean DEFAULT true NOT NULL,
	"duration_by_class" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_by_class" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"include_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extra_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"network_id" uuid NOT NULL,
	"box_number" integer NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"order_type" text DEFAULT 'Booking' NOT NULL,
	"booking_start" timestamp with time zone NOT NULL,
	"booking_end" timestamp with time zone NOT NULL,
	"date_start" timestamp with time zone,
	"date_end" timestamp with time zone,
	"date_create" timestamp with time zone DEFAULT now() NOT NULL,
	"extended_id" text,
	"contract_id" text DEFAULT 'Individual' NOT NULL,
	"client_type" text DEFAULT 'Individual' NOT NULL,
	"driver_id" uuid,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sum" integer DEFAULT 0 NOT NULL,
	"sum_completed" integer DEFAULT 0 NOT NULL,
	"sum_manual" boolean DEFAULT false NOT NULL,
	"payment_method" text DEFAULT 'not_paid' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"system_comment" text DEFAULT '' NOT NULL,
	"reason" text,
	"client_car" jsonb NOT NULL,
	"basket" jsonb NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "additional_services" ADD CONSTRAINT "additional_services_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drivers_network" ON "drivers" USING btree ("network_id");--> statement-breakpoint
CREATE INDEX "drivers_network_phone" ON "drivers" USING btree ("network_id","phone");--> statement-breakpoint
CREATE INDEX "tariffs_station" ON "tariffs" USING btree ("station_id","kind");--> statement-breakpoint
CREATE INDEX "orders_station_start" ON "orders" USING btree ("station_id","booking_start");--> statement-breakpoint
CREATE INDEX "orders_station_new" ON "orders" USING btree ("station_id","booking_start") WHERE "orders"."status" = 'Accepted';