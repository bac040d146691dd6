DROP INDEX "org_units_name_key";--> statement-breakpoint
CREATE UNIQUE INDEX "org_units_name_lower_key" ON "org_units" USING btree (lower("name"));