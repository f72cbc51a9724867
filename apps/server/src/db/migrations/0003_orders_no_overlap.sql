-- DESIGN §6: two live orders never overlap on one box, whatever path writes them.
-- Cancelled orders free their box; completed ones keep it (the car was there).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_no_overlap" EXCLUDE USING gist (
  "station_id" WITH =,
  "box_number" WITH =,
  tstzrange("booking_start", "booking_end", '[)') WITH &&
) WHERE ("status" NOT IN ('Canceled', 'StationCanceled', 'UserCanceled'));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_start_before_end" CHECK ("booking_start" < "booking_end");
