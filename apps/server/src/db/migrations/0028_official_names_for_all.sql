-- Every account with a student id gets an official name (decision 0015). Until now a profile save
-- set an official's official name to null, so an official's display name now may be one they
-- typed ("Sundar Pichai") and must not become the institute's word by this migration. The name
-- kept is, in order: the last official name the audit log recorded for the account (a role change
-- or an administrator's correction keeps the row before and after); else the name the account had
-- before its first audited rename; else its display name (an account never renamed since the
-- audit began: the name it registered or was imported with). The roll's next import corrects the
-- name of any account it matches.
UPDATE users u SET official_name = coalesce(
  (
    SELECT coalesce(a.after ->> 'official_name', a.after ->> 'officialName', a.before ->> 'official_name')
    FROM audit_log a
    WHERE a.subject_type = 'users' AND a.subject_id = u.id
      AND coalesce(a.after ->> 'official_name', a.after ->> 'officialName', a.before ->> 'official_name') IS NOT NULL
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT 1
  ),
  (
    SELECT a.before ->> 'name'
    FROM audit_log a
    WHERE a.subject_type = 'users' AND a.subject_id = u.id AND a.summary = 'Display name changed'
      AND a.before ->> 'name' IS NOT NULL
    ORDER BY a.created_at, a.id
    LIMIT 1
  ),
  u.name
)
WHERE u.official_name IS NULL AND u.student_id IS NOT NULL;
