/**
 * Where counted visits came from, and the visits left out (docs/product/data.md#visit-tables): per source,
 * UTC day and page; per source and day; per source and month (so a year's sources table sums a few
 * thousand rows, not millions); and the left-out visits per day and reason. Covering indexes let
 * the desk's range queries read the indexes alone. Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visit_sources_daily')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('page_key', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('visit_sources_daily_pk', ['source', 'day', 'page_key'])
    .execute();
  await db.schema
    .createTable('visit_source_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('visit_source_days_pk', ['day', 'source'])
    .execute();
  await db.schema
    .createIndex('visit_source_days_covering')
    .on('visit_source_days')
    .columns(['day', 'source', 'count'])
    .execute();
  await db.schema
    .createTable('visit_source_months')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('visit_source_months_pk', ['month', 'source'])
    .execute();
  await db.schema
    .createTable('visit_exclusions')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('visit_exclusions_pk', ['day', 'reason'])
    .execute();
  await db.schema
    .createIndex('page_visits_daily_covering')
    .on('page_visits_daily')
    .columns(['day', 'page_key', 'count'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('page_visits_daily_covering').execute();
  for (const table of [
    'visit_exclusions',
    'visit_source_months',
    'visit_source_days',
    'visit_sources_daily',
  ])
    await db.schema.dropTable(table).execute();
}
