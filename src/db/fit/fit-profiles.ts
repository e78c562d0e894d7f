import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import {
  FIT_PROFILES_MAX,
  fitProfileWriteSchema,
  type FitProfile,
  type FitProfileWrite,
} from '../../contract/fit';
import { sqliteOf, type ConnectionLike } from '../connection';

// The fit profiles (issue 40, docs/decisions/063): at most FIT_PROFILES_MAX, names unique whatever
// their case, exactly one default while any exists (the first made; another only when asked), a
// version that goes up whenever what the scorer reads changes. Synchronous statements: the caller
// runs a change inside Connection.write, with whatever else belongs to it.

/** What the scorer reads of a profile: its write fields but the name and the default flag. */
export type FitProfileBody = Omit<FitProfileWrite, 'name' | 'is_default'>;

/** A profile as the scorer takes it. */
export interface ScoringProfile {
  id: number;
  version: number;
  isDefault: boolean;
  body: FitProfileBody;
}

const rowSchema = z.object({
  id: z.number(),
  name: z.string(),
  is_default: z.number(),
  version: z.number(),
  body: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});
type ProfileRow = z.infer<typeof rowSchema>;
const countSchema = z.object({ n: z.number() });

/** Why a change was refused; the routes answer each in their words. */
export type FitProfileRefusal =
  | { kind: 'not-found' }
  | { kind: 'limit'; current: number }
  | { kind: 'name-taken'; name: string }
  | { kind: 'default-needed' };

export class FitProfileRefused extends Error {
  constructor(readonly refusal: FitProfileRefusal) {
    super(`fit profile change refused: ${refusal.kind}`);
    this.name = 'FitProfileRefused';
  }
}

/** Two names are one when they differ only in case or in how their letters are composed. */
export function fitProfileNameKey(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('und');
}

function bodyOf(write: FitProfileWrite): FitProfileBody {
  const { name: _name, is_default: _isDefault, ...body } = write;
  return body;
}

/** A stored body back into its fields; a field it lacks (an older body) takes its default. */
function parseBody(row: ProfileRow): FitProfileBody {
  const stored: unknown = JSON.parse(row.body);
  return bodyOf(
    fitProfileWriteSchema.parse({
      ...z.record(z.string(), z.unknown()).parse(stored),
      name: row.name,
    }),
  );
}

function toProfile(row: ProfileRow): FitProfile {
  return {
    id: row.id,
    name: row.name,
    is_default: row.is_default === 1,
    version: row.version,
    ...parseBody(row),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function prepare(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    list: p('SELECT * FROM fit_profiles ORDER BY is_default DESC, name_key, id'),
    find: p('SELECT * FROM fit_profiles WHERE id = ?'),
    count: p('SELECT COUNT(*) AS n FROM fit_profiles'),
    named: p('SELECT id FROM fit_profiles WHERE name_key = ?'),
    insert: p(
      `INSERT INTO fit_profiles (name, name_key, is_default, version, body, created_at, updated_at)
       VALUES (@name, @nameKey, @isDefault, 1, @body, @now, @now)`,
    ),
    // The version moves only when what the scorer reads does: a new name rescores nothing.
    update: p(
      `UPDATE fit_profiles SET name = @name, name_key = @nameKey, body = @body, updated_at = @now,
         version = version + (body IS NOT @body)
       WHERE id = @id`,
    ),
    clearDefault: p('UPDATE fit_profiles SET is_default = 0 WHERE is_default = 1 AND id <> ?'),
    setDefault: p('UPDATE fit_profiles SET is_default = 1 WHERE id = ?'),
    remove: p('DELETE FROM fit_profiles WHERE id = ?'),
    bumpAll: p('UPDATE fit_profiles SET version = version + 1, updated_at = ?'),
  };
}

export class FitProfiles {
  private readonly s;

  constructor(connection: ConnectionLike) {
    this.s = prepare(sqliteOf(connection));
  }

  /** Every profile, the default first, then by name. */
  list(): FitProfile[] {
    return this.s.list.all().map((raw) => toProfile(rowSchema.parse(raw)));
  }

  find(id: number): FitProfile | undefined {
    const raw: unknown = this.s.find.get(id);
    return raw === undefined ? undefined : toProfile(rowSchema.parse(raw));
  }

  count(): number {
    return countSchema.parse(this.s.count.get()).n;
  }

  /** Every profile as the scorer takes it. */
  forScoring(): ScoringProfile[] {
    return this.s.list.all().map((raw) => {
      const row = rowSchema.parse(raw);
      return {
        id: row.id,
        version: row.version,
        isDefault: row.is_default === 1,
        body: parseBody(row),
      };
    });
  }

  /** A new profile; the first one made is the default, as is one made with `is_default`. */
  create(write: FitProfileWrite, now: number): FitProfile {
    const current = this.count();
    if (current >= FIT_PROFILES_MAX) throw new FitProfileRefused({ kind: 'limit', current });
    this.ensureNameFree(write.name, null);
    const makeDefault = current === 0 || write.is_default === true;
    if (makeDefault) this.s.clearDefault.run(-1);
    const { lastInsertRowid } = this.s.insert.run({
      name: write.name,
      nameKey: fitProfileNameKey(write.name),
      isDefault: makeDefault ? 1 : 0,
      body: JSON.stringify(bodyOf(write)),
      now,
    });
    return this.found(Number(lastInsertRowid));
  }

  /**
   * Every field of profile `id` as written; `is_default: true` makes it the default. The default
   * stays the default unless another is made so: `is_default: false` on it is refused.
   */
  update(id: number, write: FitProfileWrite, now: number): FitProfile {
    const existing = this.find(id);
    if (!existing) throw new FitProfileRefused({ kind: 'not-found' });
    if (existing.is_default && write.is_default === false)
      throw new FitProfileRefused({ kind: 'default-needed' });
    this.ensureNameFree(write.name, id);
    this.s.update.run({
      id,
      name: write.name,
      nameKey: fitProfileNameKey(write.name),
      body: JSON.stringify(bodyOf(write)),
      now,
    });
    if (write.is_default === true && !existing.is_default) {
      this.s.clearDefault.run(id);
      this.s.setDefault.run(id);
    }
    return this.found(id);
  }

  /**
   * Deletes profile `id`; the queries naming it fall back to the default (their foreign key sets
   * it to null). The default goes only as the last profile: another must be made the default first.
   */
  delete(id: number): void {
    const existing = this.find(id);
    if (!existing) throw new FitProfileRefused({ kind: 'not-found' });
    if (existing.is_default && this.count() > 1)
      throw new FitProfileRefused({ kind: 'default-needed' });
    this.s.remove.run(id);
  }

  /** Every profile's version up by one: the alias list they are scored with changed. */
  bumpAll(now: number): void {
    this.s.bumpAll.run(now);
  }

  private found(id: number): FitProfile {
    const profile = this.find(id);
    if (!profile) throw new Error(`fit profile ${id} vanished inside its own write`);
    return profile;
  }

  private ensureNameFree(name: string, id: number | null): void {
    const raw: unknown = this.s.named.get(fitProfileNameKey(name));
    if (raw === undefined) return;
    if (z.object({ id: z.number() }).parse(raw).id !== id)
      throw new FitProfileRefused({ kind: 'name-taken', name });
  }
}
