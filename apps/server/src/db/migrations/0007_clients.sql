-- Issue 11 (clients). Distinct three-character pieces of a text, the search index of drivers: a text[] GIN
-- index matches `@>` on any cluster, where pg_trgm counts Cyrillic letters as separators on a C-locale one
-- (CI's and the bench's clusters are --no-locale). Mirrors `searchTrigrams` in packages/shared/src/drivers.
CREATE FUNCTION crm_trigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT substr(t, i, 3)), '{}') FROM generate_series(1, length(t) - 2) AS i
$$;
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "sort_name" text GENERATED ALWAYS AS (lower(translate(name, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "sort_surname" text GENERATED ALWAYS AS (lower(translate(surname, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(name || ' ' || surname, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе')) || ' / ' || lower(translate(surname || ' ' || name, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе')) || ' / ' || phone) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "search_trigrams" text[] GENERATED ALWAYS AS (crm_trigrams(lower(translate(name || ' ' || surname, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе')) || ' / ' || lower(translate(surname || ' ' || name, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе')) || ' / ' || phone)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sum_before_discount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone_key" text GENERATED ALWAYS AS (case when length(regexp_replace(coalesce(phones->0->>'redirection_phone', ''), '[^0-9]', '', 'g')) = 10 then '+7' || regexp_replace(coalesce(phones->0->>'redirection_phone', ''), '[^0-9]', '', 'g') when length(regexp_replace(coalesce(phones->0->>'redirection_phone', ''), '[^0-9]', '', 'g')) = 11 and left(regexp_replace(coalesce(phones->0->>'redirection_phone', ''), '[^0-9]', '', 'g'), 1) in ('7', '8') then '+7' || substr(regexp_replace(coalesce(phones->0->>'redirection_phone', ''), '[^0-9]', '', 'g'), 2) end) STORED;--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_network_phone_active" ON "drivers" USING btree ("network_id","phone") WHERE not "drivers"."deleted";--> statement-breakpoint
CREATE INDEX "drivers_search" ON "drivers" USING gin ("search_trigrams");--> statement-breakpoint
CREATE INDEX "drivers_sort_name" ON "drivers" USING btree ("network_id","deleted","sort_name","sort_surname","id");--> statement-breakpoint
CREATE INDEX "drivers_sort_name_desc" ON "drivers" USING btree ("network_id","deleted","sort_name" DESC NULLS LAST,"sort_surname" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "drivers_sort_surname" ON "drivers" USING btree ("network_id","deleted","sort_surname","sort_name","id");--> statement-breakpoint
CREATE INDEX "drivers_sort_surname_desc" ON "drivers" USING btree ("network_id","deleted","sort_surname" DESC NULLS LAST,"sort_name" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "drivers_sort_discount" ON "drivers" USING btree ("network_id","deleted","discount","sort_name","sort_surname","id");--> statement-breakpoint
CREATE INDEX "drivers_sort_discount_desc" ON "drivers" USING btree ("network_id","deleted","discount" DESC NULLS LAST,"sort_name","sort_surname","id");--> statement-breakpoint
CREATE INDEX "drivers_sort_created" ON "drivers" USING btree ("network_id","deleted","created_at","id");--> statement-breakpoint
CREATE INDEX "drivers_sort_created_desc" ON "drivers" USING btree ("network_id","deleted","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_driver" ON "orders" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "orders_network_phone" ON "orders" USING btree ("network_id","phone_key");--> statement-breakpoint
-- Every drivers index above starts with network_id; phones are looked up among active clients.
DROP INDEX "drivers_network";--> statement-breakpoint
DROP INDEX "drivers_network_phone";
