import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { users } from './people';

/** An agency's own spreadsheet layout: for each template column of a sheet, the header its files give it (migration 0064, decision 052). */
export const bookImportMappings = pgTable(
  'book_import_mappings',
  {
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    sheet: text().notNull(),
    columns: jsonb().$type<Record<string, string>>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    updatedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.userNo),
  },
  (t) => [
    primaryKey({ name: 'book_import_mappings_pk', columns: [t.agentId, t.sheet] }),
    check('book_import_mappings_sheet_known', sql`sheet IN ('landlords', 'properties', 'houses', 'tenants', 'tenancies', 'meters')`),
  ],
);
