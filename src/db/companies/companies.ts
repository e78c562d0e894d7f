import { sql } from 'kysely';
import type { BannedCompany } from '../../contract';
import { normalizeCompanyName } from '../../contract/company-name';
import type { Db } from '../database';

// Two tables meet here: `companies` (every id → name the product has learned, from any source)
// and `banned_companies` (the operator's block list, whose name stays '' until it is known).

/** A company name the product already knows for this id, normalised; undefined when none. */
export async function knownCompanyName(db: Db, id: number): Promise<string | undefined> {
  const company = await db
    .selectFrom('companies')
    .select('normalized_name')
    .where('id', '=', id)
    .where('normalized_name', '!=', '')
    .executeTakeFirst();
  if (company) return company.normalized_name;
  // Jobs scraped with a known company id name their company too.
  const job = await db
    .selectFrom('jobs')
    .select('company_normalized')
    .where('company_id', '=', id)
    .where('company_normalized', '!=', '')
    .limit(1)
    .executeTakeFirst();
  return job?.company_normalized;
}

export interface CompanyToRemember {
  id: number;
  name: string;
  slug: string | null;
}

/**
 * Caches an id → name the product has learned (the site's lookup, or the scraper) and fills
 * in the name of that company on the block list if it was still unknown. Anything that learns a
 * company id should call this, so a blocked company gets its name the moment it is known.
 */
export async function rememberCompany(
  db: Db,
  company: CompanyToRemember,
  now: number,
): Promise<void> {
  const normalized = normalizeCompanyName(company.name);
  if (!normalized) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('companies')
      .values({
        id: company.id,
        name: company.name,
        normalized_name: normalized,
        slug: company.slug,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          name: company.name,
          normalized_name: normalized,
          // Keep a known slug when this source did not have one.
          slug: (eb) => eb.fn.coalesce(eb.val(company.slug), eb.ref('companies.slug')),
          updated_at: now,
        }),
      )
      .execute();
    await trx
      .updateTable('banned_companies')
      .set({ normalized_name: normalized })
      .where('id', '=', company.id)
      .where('normalized_name', '=', '')
      .execute();
  });
}

/**
 * Gives every blocked company whose name is still empty the name the product has learned since
 * (from `companies`, else from a scraped job with that company id). Cheap: one UPDATE. Run
 * before the block list is read, and by anything that fills `companies` or `jobs` in bulk
 * without going through rememberCompany. Answers how many names were filled in.
 */
export async function fillBannedCompanyNames(db: Db): Promise<number> {
  const result = await sql`
    UPDATE banned_companies
    SET normalized_name = COALESCE(
      (SELECT c.normalized_name FROM companies c
        WHERE c.id = banned_companies.id AND c.normalized_name != ''),
      (SELECT j.company_normalized FROM jobs j
        WHERE j.company_id = banned_companies.id AND j.company_normalized != '' LIMIT 1),
      '')
    WHERE normalized_name = ''`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export async function listBannedCompanies(db: Db): Promise<BannedCompany[]> {
  return db
    .selectFrom('banned_companies')
    .select(['id', 'normalized_name'])
    .orderBy('id')
    .execute();
}

export async function findBannedCompany(db: Db, id: number): Promise<BannedCompany | undefined> {
  return db
    .selectFrom('banned_companies')
    .select(['id', 'normalized_name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Puts the company on the block list; blocking it again is not an error. A known name replaces an
 * empty one but never the other way round. Answers the stored row.
 */
export async function banCompany(
  db: Db,
  id: number,
  normalizedName: string,
  now: number,
): Promise<BannedCompany> {
  await db
    .insertInto('banned_companies')
    .values({ id, normalized_name: normalizedName, created_at: now })
    .onConflict((oc) =>
      normalizedName === ''
        ? oc.column('id').doNothing()
        : oc
            .column('id')
            .doUpdateSet({ normalized_name: normalizedName })
            .where('banned_companies.normalized_name', '=', ''),
    )
    .execute();
  const row = await findBannedCompany(db, id);
  if (!row) throw new Error(`banned company ${id} vanished right after it was stored`);
  return row;
}

/** Takes the company off the block list; unblocking one that is not blocked is not an error. */
export async function unbanCompany(db: Db, id: number): Promise<void> {
  await db.deleteFrom('banned_companies').where('id', '=', id).execute();
}
