-- Issue 38: an order keeps the name of its tariff as it keeps its price. New orders store it in the basket
-- (basketOf: `tariff_name`); existing ones take their tariff's current name here, deleted tariffs included
-- (soft-deleted rows keep their name). Renaming a tariff later no longer changes what old orders show.
-- Orders without a tariff (blocked slots) and ids that name no tariff are left as they are.
UPDATE "orders" AS o
SET "basket" = jsonb_set(o."basket", '{tariff_name}', to_jsonb(t."name"))
FROM "tariffs" AS t
WHERE t."id"::text = o."basket"->>'tariff_id'
  AND NOT (o."basket" ? 'tariff_name');
