CREATE TABLE "club_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"image" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_images_kind_check" CHECK ("club_images"."kind" in ('logo', 'banner')),
	CONSTRAINT "club_images_image_size_check" CHECK (octet_length("club_images"."image") between 1 and 2097152)
);
--> statement-breakpoint
ALTER TABLE "club_pages" DROP CONSTRAINT "club_pages_logo_photo_id_user_photos_id_fk";
--> statement-breakpoint
ALTER TABLE "club_pages" DROP CONSTRAINT "club_pages_banner_photo_id_user_photos_id_fk";
--> statement-breakpoint
ALTER TABLE "club_images" ADD CONSTRAINT "club_images_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "club_images_unit_kind_key" ON "club_images" USING btree ("unit_id","kind");--> statement-breakpoint
ALTER TABLE "club_pages" DROP COLUMN "logo_photo_id";--> statement-breakpoint
ALTER TABLE "club_pages" DROP COLUMN "banner_photo_id";--> statement-breakpoint
-- Every club and council body has a page from the start, at an address made of its name
-- ('Coding Club' → coding-club, 'Société Ünïcode' → societe-unicode: accents dropped); a name of
-- no Latin letters or digits, or one another page already uses, gets the unit's code.
-- The address stays when the unit is renamed, so links to it keep working.
CREATE FUNCTION ensure_club_page(unit org_units) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  base text := coalesce(
    nullif(trim(both '-' from regexp_replace(
      regexp_replace(normalize(lower(unit.name), NFKD), '[\u0300-\u036f]', '', 'g'),
      '[^a-z0-9]+', '-', 'g')), ''),
    lower(unit.unit_code));
BEGIN
  IF unit.type NOT IN ('club', 'committee') OR EXISTS (SELECT 1 FROM club_pages WHERE unit_id = unit.id) THEN
    RETURN;
  END IF;
  INSERT INTO club_pages (unit_id, slug) VALUES (unit.id, base) ON CONFLICT (slug) DO NOTHING;
  IF NOT FOUND THEN
    INSERT INTO club_pages (unit_id, slug) VALUES (unit.id, base || '-' || lower(unit.unit_code));
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION club_page_of_new_unit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ensure_club_page(NEW);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER org_units_club_page AFTER INSERT OR UPDATE OF type ON org_units
  FOR EACH ROW EXECUTE FUNCTION club_page_of_new_unit();
--> statement-breakpoint
SELECT ensure_club_page(o) FROM org_units o ORDER BY o.created_at, o.id;
