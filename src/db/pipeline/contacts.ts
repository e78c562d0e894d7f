import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import {
  CONTACTS_PER_APPLICATION_MAX,
  type ApplicationContact,
  type ContactCreate,
  type ContactUpdate,
} from '../../contract';
import { toContact } from './application-rows';
import { APPLICATION_NOT_FOUND, PipelineError } from './pipeline';

// The people of an application (a recruiter, the hiring manager): at most
// CONTACTS_PER_APPLICATION_MAX each. An empty role, email or url is stored as none.

export const CONTACT_NOT_FOUND = 'Contact not found';

const countSchema = z.object({ n: z.number() });
const orNull = (text: string | null | undefined) => (text === '' ? null : (text ?? null));

export class ApplicationContacts {
  private readonly s;

  private readonly sqlite: SQLite.Database;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.sqlite = sqlite;
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      onBoard: p('SELECT 1 FROM applications WHERE job_id = ? AND left_at IS NULL'),
      count: p('SELECT COUNT(*) AS n FROM application_contacts WHERE job_id = ?'),
      insert: p(
        `INSERT INTO application_contacts (job_id, name, role, email, url, created_at)
         VALUES (@job, @name, @role, @email, @url, @now)`,
      ),
      one: p(
        'SELECT id, name, role, email, url FROM application_contacts WHERE id = ? AND job_id = ?',
      ),
      update: p(
        `UPDATE application_contacts SET
           name = CASE WHEN @setName THEN @name ELSE name END,
           role = CASE WHEN @setRole THEN @role ELSE role END,
           email = CASE WHEN @setEmail THEN @email ELSE email END,
           url = CASE WHEN @setUrl THEN @url ELSE url END
         WHERE id = @id AND job_id = @job`,
      ),
      remove: p('DELETE FROM application_contacts WHERE id = ? AND job_id = ?'),
      touch: p('UPDATE applications SET updated_at = ? WHERE job_id = ?'),
    };
  }

  private requireApplication(id: string): void {
    if (this.s.onBoard.get(id) === undefined) throw new PipelineError(404, APPLICATION_NOT_FOUND);
  }

  /** 404 without the application, 409 when it has CONTACTS_PER_APPLICATION_MAX already. */
  add(jobId: number, contact: ContactCreate, now: number): ApplicationContact {
    const id = String(jobId);
    return this.sqlite.transaction(() => {
      this.requireApplication(id);
      if (countSchema.parse(this.s.count.get(id)).n >= CONTACTS_PER_APPLICATION_MAX)
        throw new PipelineError(
          409,
          `An application has at most ${CONTACTS_PER_APPLICATION_MAX} contacts`,
        );
      const inserted = this.s.insert.run({
        job: id,
        name: contact.name,
        role: orNull(contact.role),
        email: orNull(contact.email),
        url: orNull(contact.url),
        now,
      });
      this.s.touch.run(now, id);
      return toContact(this.s.one.get(inserted.lastInsertRowid, id));
    })();
  }

  update(jobId: number, contactId: number, change: ContactUpdate, now: number): ApplicationContact {
    const id = String(jobId);
    const given = (value: unknown) => (value === undefined ? 0 : 1);
    return this.sqlite.transaction(() => {
      this.requireApplication(id);
      const changed = this.s.update.run({
        id: contactId,
        job: id,
        setName: given(change.name),
        name: change.name ?? '',
        setRole: given(change.role),
        role: orNull(change.role),
        setEmail: given(change.email),
        email: orNull(change.email),
        setUrl: given(change.url),
        url: orNull(change.url),
      });
      if (changed.changes === 0) throw new PipelineError(404, CONTACT_NOT_FOUND);
      this.s.touch.run(now, id);
      return toContact(this.s.one.get(contactId, id));
    })();
  }

  remove(jobId: number, contactId: number, now: number): void {
    const id = String(jobId);
    this.sqlite.transaction(() => {
      this.requireApplication(id);
      if (this.s.remove.run(contactId, id).changes === 0)
        throw new PipelineError(404, CONTACT_NOT_FOUND);
      this.s.touch.run(now, id);
    })();
  }
}
