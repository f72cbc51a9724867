ALTER TABLE "orders" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_station_paid" ON "orders" USING btree ("station_id","paid_at");--> statement-breakpoint
-- Orders paid before this column existed: the money came at the finish, or (a partner's prepayment) when booked.
UPDATE "orders" SET "paid_at" = coalesce("date_end", "date_create") WHERE "payment_method" <> 'not_paid';
