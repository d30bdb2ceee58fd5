-- The failures kept so far move into the log, for no project: the administrators still see them.
INSERT INTO "mail_log" ("id", "project_id", "to", "subject", "status", "error", "at") SELECT "id", NULL, "to", "subject", 'failed', "error", "at" FROM "mail_failures";--> statement-breakpoint
DROP TABLE "mail_failures" CASCADE;
