-- An item's API document as JSON text: `{ _id, ...data, _version, createdAt, updatedAt }`, times in
-- UTC whatever the session's zone (docs/architecture.md, "Stored documents"). Immutable in fact:
-- its output depends on its arguments only, which lets PostgreSQL keep it in a generated column.
CREATE FUNCTION "item_document"(id uuid, data jsonb, version integer, created_at timestamptz, updated_at timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (jsonb_build_object('_id', id) || data || jsonb_build_object('_version', version,
    'createdAt', (to_jsonb(created_at AT TIME ZONE 'UTC') #>> '{}') || '+00:00',
    'updatedAt', (to_jsonb(updated_at AT TIME ZONE 'UTC') #>> '{}') || '+00:00'))::text $$;
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "doc" text GENERATED ALWAYS AS (item_document(id, data, version, created_at, updated_at)) STORED NOT NULL;