-- The spreadsheet import (decision 052): an agency's own layout, mapped once per sheet and remembered.
CREATE TABLE "book_import_mappings" (
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "sheet" text NOT NULL,
  "columns" jsonb NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  "updated_by" bigint NOT NULL REFERENCES "users"("user_no"),
  CONSTRAINT "book_import_mappings_pk" PRIMARY KEY ("agent_id", "sheet"),
  CONSTRAINT "book_import_mappings_sheet_known" CHECK (sheet IN ('landlords', 'properties', 'houses', 'tenants', 'tenancies', 'meters'))
);
