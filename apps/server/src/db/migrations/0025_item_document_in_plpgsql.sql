-- The same document, written in PL/pgSQL (docs/decisions/050-item-document-in-plpgsql.md). Its
-- body calls stable functions, so PostgreSQL never inlines the SQL version into the generated
-- column: every statement that writes items parsed and planned that body again (about 37 µs a
-- statement). PL/pgSQL compiles it once per connection. The output is byte for byte the same, so
-- no stored document is rewritten.
CREATE OR REPLACE FUNCTION "item_document"(id uuid, data jsonb, version integer, created_at timestamptz, updated_at timestamptz) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$ BEGIN RETURN (jsonb_build_object('_id', id) || data || jsonb_build_object('_version', version,
    'createdAt', (to_jsonb(created_at AT TIME ZONE 'UTC') #>> '{}') || '+00:00',
    'updatedAt', (to_jsonb(updated_at AT TIME ZONE 'UTC') #>> '{}') || '+00:00'))::text; END $$;
