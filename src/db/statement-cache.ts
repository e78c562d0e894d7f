import type SQLite from 'better-sqlite3';

/**
 * Statements prepared once per text on one connection: for modules whose SQL is built from a
 * few shapes at run time (a rule's conditions), so each shape is compiled once, not per call.
 */
export class StatementCache {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(private readonly sqlite: SQLite.Database) {}

  get(text: string): SQLite.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.sqlite.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }
}
