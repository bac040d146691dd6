-- The institute's CGPA (decision 0015): the roll import's optional CGPA column and the
-- administrator's approval of a correction set it, and position requirements read it alone. It
-- starts empty: the CGPA students typed on their profiles is their word and is not copied, so a
-- minimum CGPA is unmet until the roll (or a correction) gives one.
ALTER TABLE "fact_corrections" DROP CONSTRAINT "fact_corrections_field_check";--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "institute_cgpa" numeric(4, 2);--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_institute_cgpa_check" CHECK ("student_profiles"."institute_cgpa" between 0 and 10);--> statement-breakpoint
ALTER TABLE "fact_corrections" ADD CONSTRAINT "fact_corrections_field_check" CHECK ("fact_corrections"."field" in ('officialName', 'studentId', 'program', 'discipline', 'admissionYear', 'cgpa'));
