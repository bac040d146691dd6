-- Two accounts may hold one single-seat office from before this rule: the active account whose row changed last keeps it, the others become students (onboarding again when they have no profile).
UPDATE "users" u SET "role" = 'STUDENT',
  "onboarding_complete" = exists (select 1 from "student_profiles" p where p."user_id" = u."id")
WHERE u."role" in ('GENSEC_SCITECH', 'GENSEC_ACADEMIC', 'GENSEC_CULTURAL', 'GENSEC_SPORTS', 'PRESIDENT')
  AND u."id" <> (
    select k."id" from "users" k where k."role" = u."role"
    order by (k."deactivated_at" is null) desc, k."updated_at" desc, k."id" limit 1);--> statement-breakpoint
CREATE UNIQUE INDEX "users_single_seat_role_key" ON "users" USING btree ("role") WHERE role in ('GENSEC_SCITECH', 'GENSEC_ACADEMIC', 'GENSEC_CULTURAL', 'GENSEC_SPORTS', 'PRESIDENT');
