CREATE TABLE "claim_tallies" (
	"unit_id" uuid NOT NULL,
	"tenure_year" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "claim_tallies_unit_id_tenure_year_status_pk" PRIMARY KEY("unit_id","tenure_year","status")
);
--> statement-breakpoint
ALTER TABLE "budget_entries" DROP CONSTRAINT "budget_entries_kind_check";--> statement-breakpoint
ALTER TABLE "claim_steps" DROP CONSTRAINT "claim_steps_action_check";--> statement-breakpoint
ALTER TABLE "expense_claims" DROP CONSTRAINT "expense_claims_status_check";--> statement-breakpoint
ALTER TABLE "budget_entries" ADD CONSTRAINT "budget_entries_kind_check" CHECK ("budget_entries"."kind" in ('allocation', 'reduction', 'transfer_in', 'transfer_out', 'commitment', 'release', 'payment', 'carried_paid'));--> statement-breakpoint
ALTER TABLE "claim_steps" ADD CONSTRAINT "claim_steps_action_check" CHECK ("claim_steps"."action" in ('filed', 'submitted', 'returned', 'secretary_approved', 'approved', 'rejected', 'paid', 'cancelled'));--> statement-breakpoint
ALTER TABLE "expense_claims" ADD CONSTRAINT "expense_claims_status_check" CHECK ("expense_claims"."status" in ('draft', 'submitted', 'returned', 'secretary_approved', 'approved', 'rejected', 'paid', 'cancelled'));--> statement-breakpoint
-- Money spent before the ledger adds to what a line has paid, as a payment does, without a claim.
CREATE OR REPLACE FUNCTION budget_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE budget_lines SET
    allocated = allocated + CASE
      WHEN NEW.kind IN ('allocation', 'transfer_in') THEN NEW.amount
      WHEN NEW.kind IN ('reduction', 'transfer_out') THEN -NEW.amount
      ELSE 0 END,
    committed = committed + CASE
      WHEN NEW.kind = 'commitment' THEN NEW.amount
      WHEN NEW.kind IN ('release', 'payment') THEN -NEW.amount
      ELSE 0 END,
    paid = paid + CASE WHEN NEW.kind IN ('payment', 'carried_paid') THEN NEW.amount ELSE 0 END
  WHERE id = NEW.line_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The money typed before the ledger becomes its opening entries (decision 0040), so that no figure
-- a council saved is lost: a unit's typed allocation and spend go to the tenure given (the current
-- one), a position's typed "budget utilised" to its holding's tenure as its unit's spend there (the
-- largest typed by the unit's holders of that tenure). A council's typed figures held its units'
-- (the unit tree showed each council with its clubs' money in it): what carries over for a unit is
-- its own part, its figure less its units' figures, so that no rupee is counted twice.
-- A unit and tenure without a line gets one with its typed budget and spend. One that has lines
-- already keeps the ledger's allocations, and its typed spend is paid from what its lines have left
-- (the most first), its general line allocated any rest: money spent before the ledger cannot be
-- claimed again.
-- A unit and tenure whose lines hold a carried entry is left alone, so running it again adds
-- nothing. Returns how many units and tenures it carried over.
CREATE FUNCTION money_carry_over_typed(current_tenure text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  typed record;
  held record;
  opened_line uuid;
  remaining numeric;
  carried integer := 0;
BEGIN
  FOR typed IN
    WITH by_holders AS (
      SELECT p.unit_id, h.tenure_year, max(h.budget_utilized) AS spent
      FROM position_holders h JOIN positions p ON p.id = h.position_id
      WHERE h.budget_utilized > 0 AND h.tenure_year ~ '^[0-9]{4}-[0-9]{4}$'
      GROUP BY p.unit_id, h.tenure_year
    ), by_units AS (
      SELECT id AS unit_id, current_tenure AS tenure_year, budget_allocated AS allocated,
        budget_spent AS spent
      FROM org_units WHERE budget_allocated > 0 OR budget_spent > 0
    ), typed_all AS (
      SELECT coalesce(u.unit_id, h.unit_id) AS unit_id,
        coalesce(u.tenure_year, h.tenure_year) AS tenure_year,
        coalesce(u.allocated, 0) AS allocated,
        greatest(coalesce(u.spent, 0), coalesce(h.spent, 0)) AS spent
      FROM by_units u FULL JOIN by_holders h ON h.unit_id = u.unit_id AND h.tenure_year = u.tenure_year
    ), below AS (
      SELECT o.parent_id AS unit_id, t.tenure_year, sum(t.allocated) AS allocated, sum(t.spent) AS spent
      FROM typed_all t JOIN org_units o ON o.id = t.unit_id
      WHERE o.parent_id IS NOT NULL
      GROUP BY o.parent_id, t.tenure_year
    )
    SELECT t.unit_id, t.tenure_year,
      greatest(t.allocated - coalesce(b.allocated, 0), 0) AS allocated,
      greatest(t.spent - coalesce(b.spent, 0), 0) AS spent
    FROM typed_all t LEFT JOIN below b ON b.unit_id = t.unit_id AND b.tenure_year = t.tenure_year
  LOOP
    CONTINUE WHEN typed.allocated <= 0 AND typed.spent <= 0;
    CONTINUE WHEN EXISTS (
      SELECT 1 FROM budget_entries e JOIN budget_lines l ON l.id = e.line_id
      WHERE l.unit_id = typed.unit_id AND l.tenure_year = typed.tenure_year
        AND (e.kind = 'carried_paid' OR e.reason LIKE 'Carried over%'));
    IF NOT EXISTS (
      SELECT 1 FROM budget_lines l WHERE l.unit_id = typed.unit_id AND l.tenure_year = typed.tenure_year
    ) THEN
      INSERT INTO budget_lines (tenure_year, unit_id, heading)
        VALUES (typed.tenure_year, typed.unit_id, NULL) RETURNING id INTO opened_line;
      INSERT INTO budget_entries (line_id, kind, amount, reason)
        VALUES (opened_line, 'allocation', greatest(typed.allocated, typed.spent),
          'Carried over from the budget typed before the ledger');
      IF typed.spent > 0 THEN
        INSERT INTO budget_entries (line_id, kind, amount, reason)
          VALUES (opened_line, 'carried_paid', typed.spent,
            'Carried over from the spend typed before the ledger');
      END IF;
    ELSIF typed.spent > 0 THEN
      remaining := typed.spent;
      FOR held IN
        SELECT l.id, l.allocated - l.committed - l.paid AS room FROM budget_lines l
        WHERE l.unit_id = typed.unit_id AND l.tenure_year = typed.tenure_year
        ORDER BY l.allocated - l.committed - l.paid DESC, l.heading NULLS FIRST
        FOR NO KEY UPDATE
      LOOP
        EXIT WHEN remaining <= 0;
        CONTINUE WHEN held.room <= 0;
        INSERT INTO budget_entries (line_id, kind, amount, reason)
          VALUES (held.id, 'carried_paid', least(held.room, remaining),
            'Carried over from the spend typed before the ledger');
        remaining := remaining - least(held.room, remaining);
      END LOOP;
      IF remaining > 0 THEN
        INSERT INTO budget_lines (tenure_year, unit_id, heading)
          VALUES (typed.tenure_year, typed.unit_id, NULL)
          ON CONFLICT (tenure_year, unit_id, (coalesce(heading, ''))) DO NOTHING;
        SELECT l.id INTO opened_line FROM budget_lines l
          WHERE l.unit_id = typed.unit_id AND l.tenure_year = typed.tenure_year AND l.heading IS NULL;
        INSERT INTO budget_entries (line_id, kind, amount, reason)
          VALUES (opened_line, 'allocation', remaining,
            'Carried over: the spend typed before the ledger, beyond what the lines had left');
        INSERT INTO budget_entries (line_id, kind, amount, reason)
          VALUES (opened_line, 'carried_paid', remaining,
            'Carried over from the spend typed before the ledger');
      END IF;
    ELSE
      CONTINUE;
    END IF;
    carried := carried + 1;
  END LOOP;
  RETURN carried;
END $$;
--> statement-breakpoint
SELECT money_carry_over_typed(
  CASE WHEN extract(month FROM now() AT TIME ZONE 'Asia/Kolkata') >= 7
    THEN extract(year FROM now() AT TIME ZONE 'Asia/Kolkata')::int
    ELSE extract(year FROM now() AT TIME ZONE 'Asia/Kolkata')::int - 1 END
  || '-' ||
  CASE WHEN extract(month FROM now() AT TIME ZONE 'Asia/Kolkata') >= 7
    THEN extract(year FROM now() AT TIME ZONE 'Asia/Kolkata')::int + 1
    ELSE extract(year FROM now() AT TIME ZONE 'Asia/Kolkata')::int END);
--> statement-breakpoint
-- Each change of a claim's state, unit or line moves it between the counts of claim_tallies. Both
-- counts change in one statement, in the order of their keys, so that two changes crossing each
-- other (one claim sent back while another of the unit is submitted again) never wait in a circle.
CREATE FUNCTION expense_claims_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_tenure text;
  new_tenure text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT tenure_year INTO old_tenure FROM budget_lines WHERE id = OLD.line_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT tenure_year INTO new_tenure FROM budget_lines WHERE id = NEW.line_id;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.unit_id, old_tenure, OLD.status)
       IS NOT DISTINCT FROM (NEW.unit_id, new_tenure, NEW.status) THEN
    RETURN NULL;
  END IF;
  INSERT INTO claim_tallies (unit_id, tenure_year, status, n)
  SELECT d.unit_id, d.tenure_year, d.status, d.delta
  FROM (VALUES (OLD.unit_id, old_tenure, OLD.status, -1), (NEW.unit_id, new_tenure, NEW.status, 1))
    AS d(unit_id, tenure_year, status, delta)
  WHERE d.unit_id IS NOT NULL
  ORDER BY d.unit_id, d.tenure_year, d.status
  ON CONFLICT (unit_id, tenure_year, status) DO UPDATE SET n = claim_tallies.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER expense_claims_tally AFTER INSERT OR DELETE OR UPDATE OF status, unit_id, line_id
  ON expense_claims FOR EACH ROW EXECUTE FUNCTION expense_claims_tally();
--> statement-breakpoint
INSERT INTO claim_tallies (unit_id, tenure_year, status, n)
SELECT c.unit_id, l.tenure_year, c.status, count(*)
FROM expense_claims c JOIN budget_lines l ON l.id = c.line_id
GROUP BY c.unit_id, l.tenure_year, c.status;
