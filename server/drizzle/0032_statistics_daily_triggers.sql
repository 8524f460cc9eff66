-- Issue 20: every change to what the daily statistics count appends the China day of the waybill's creation to
-- stat_dirty_day (append-only: no event waits on another's roll-up row); the build job rebuilds those days and
-- readers count a dirty day live from the waybills until then. Statement triggers with transition tables: a bulk
-- statement appends one row per day it touched, not one per waybill.
CREATE OR REPLACE FUNCTION "freight_stat_note_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_dirty_day" ("tenant_id", "day")
  SELECT DISTINCT "tenant_id", ("create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date FROM "stat_new_rows";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "freight_stat_note_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_dirty_day" ("tenant_id", "day")
  SELECT DISTINCT "tenant_id", ("create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date FROM "stat_old_rows";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "freight_stat_note_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_dirty_day" ("tenant_id", "day")
  SELECT DISTINCT d."tenant_id", d."day" FROM "stat_old_rows" o
    JOIN "stat_new_rows" n ON n."id" = o."id"
    CROSS JOIN LATERAL (VALUES
      (o."tenant_id", (o."create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date),
      (n."tenant_id", (n."create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date)
    ) AS d("tenant_id", "day")
  WHERE ROW(o."tenant_id", o."create_time", o."status", o."customer_id", o."customer_name", o."agent_id",
      o."captain_id", o."vehicle_id", o."order_id", o."load_city", o."unload_city", o."settle_weight_g",
      o."planned_weight_g", o."customer_fee", o."service_fee", o."agent_fee", o."driver_fee", o."loss_weight_g",
      o."loss_deduction_fen", o."unload_time")
    IS DISTINCT FROM ROW(n."tenant_id", n."create_time", n."status", n."customer_id", n."customer_name",
      n."agent_id", n."captain_id", n."vehicle_id", n."order_id", n."load_city", n."unload_city",
      n."settle_weight_g", n."planned_weight_g", n."customer_fee", n."service_fee", n."agent_fee", n."driver_fee",
      n."loss_weight_g", n."loss_deduction_fen", n."unload_time");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "hy_shipping_note_stat_insert" AFTER INSERT ON "hy_shipping_note"
  REFERENCING NEW TABLE AS "stat_new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_note_inserted"();
--> statement-breakpoint
CREATE TRIGGER "hy_shipping_note_stat_update" AFTER UPDATE ON "hy_shipping_note"
  REFERENCING OLD TABLE AS "stat_old_rows" NEW TABLE AS "stat_new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_note_updated"();
--> statement-breakpoint
CREATE TRIGGER "hy_shipping_note_stat_delete" AFTER DELETE ON "hy_shipping_note"
  REFERENCING OLD TABLE AS "stat_old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_note_deleted"();
--> statement-breakpoint
-- A warning raised or removed changes its waybill's "flagged" figure.
CREATE OR REPLACE FUNCTION "freight_stat_warning_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_dirty_day" ("tenant_id", "day")
  SELECT DISTINCT s."tenant_id", (s."create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date
  FROM "hy_shipping_note" s WHERE s."id" IN (SELECT "note_id" FROM "stat_changed_rows");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "risk_warning_stat_insert" AFTER INSERT ON "risk_warning"
  REFERENCING NEW TABLE AS "stat_changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_warning_changed"();
--> statement-breakpoint
CREATE TRIGGER "risk_warning_stat_delete" AFTER DELETE ON "risk_warning"
  REFERENCING OLD TABLE AS "stat_changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_warning_changed"();
--> statement-breakpoint
-- A vehicle's type and an order's deadline are read by the vehicle-type grouping and the on-time count.
CREATE OR REPLACE FUNCTION "freight_stat_vehicle_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_dirty_day" ("tenant_id", "day")
  SELECT DISTINCT s."tenant_id", (s."create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date
  FROM "hy_shipping_note" s WHERE s."vehicle_id" IN (
    SELECT n."id" FROM "stat_old_rows" o JOIN "stat_new_rows" n ON n."id" = o."id"
    WHERE o."vehicle_type" IS DISTINCT FROM n."vehicle_type");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "hy_vehicle_stat_update" AFTER UPDATE ON "hy_vehicle"
  REFERENCING OLD TABLE AS "stat_old_rows" NEW TABLE AS "stat_new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_vehicle_updated"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "freight_stat_order_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_dirty_day" ("tenant_id", "day")
  SELECT DISTINCT s."tenant_id", (s."create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date
  FROM "hy_shipping_note" s WHERE s."order_id" IN (
    SELECT n."id" FROM "stat_old_rows" o JOIN "stat_new_rows" n ON n."id" = o."id"
    WHERE o."valid_to" IS DISTINCT FROM n."valid_to");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "hy_order_stat_update" AFTER UPDATE ON "hy_order"
  REFERENCING OLD TABLE AS "stat_old_rows" NEW TABLE AS "stat_new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_order_updated"();
