-- Issue 37: the public booking page gets a flag of its own (the station's enable_booking is its strategy's
-- «Заказы из Яндекса», S2 §2) and the phone drivers call. Existing rows take enabled = false: a public
-- page stays off until the owner turns it on. (order_events.actor_kind is text: the new «client» kind
-- needs no change here.)
ALTER TABLE "online_booking_settings" ADD COLUMN "enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "online_booking_settings" ADD COLUMN "phone" text;
