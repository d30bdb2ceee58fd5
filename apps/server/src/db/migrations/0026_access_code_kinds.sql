ALTER TABLE "access_codes" ADD COLUMN "kind" text DEFAULT 'invitation' NOT NULL;--> statement-breakpoint
-- Co-buyers' invitations made before the kind existed: a buyer's link to their own unit.
UPDATE "access_codes" AS c SET "kind" = 'co-buyer-invitation'
WHERE c."role" = 'purchaser' AND c."unit_id" IS NOT NULL AND c."created_by" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "memberships" m WHERE m."project_id" = c."project_id" AND m."user_id" = c."created_by" AND m."role" = 'manager')
  AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = c."created_by" AND u."is_admin");
