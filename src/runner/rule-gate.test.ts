import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rulePatchSchema, ruleWriteSchema, type RuleWriteInput } from '../contract';
import type { OpenedDatabase } from '../db/database';
import { RuleRepository } from '../db/rules/rule-repository';
import { RuleGate } from './apply-rules';
import { openTempDatabase } from './runner-test-kit';

// The runner's gate keeps the rules it compiled until they change (migration 0011's version):
// every way a rule can change must reach the next job it looks at.

let database: OpenedDatabase;
let dataDir: string;
let repository: RuleRepository;
let gate: RuleGate;

beforeEach(async () => {
  ({ database, dataDir } = await openTempDatabase());
  repository = new RuleRepository(database.sqlite);
  gate = new RuleGate(database.sqlite);
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const add = (rule: RuleWriteInput) => repository.create(ruleWriteSchema.parse(rule), 0).id;
const names = (stage: 'card' | 'details') => gate.rules(stage).map((r) => r.name);

describe('RuleGate', () => {
  it('sees a rule added, edited, disabled, reordered, deleted or written by hand at its next call', () => {
    expect(names('card')).toEqual([]);
    const senior = add({
      name: 'No senior',
      conditions: [{ field: 'title', value: 'senior' }],
      action: 'hide',
    });
    const german = add({
      name: 'German',
      conditions: [{ field: 'description', value: 'german' }],
      action: 'flag',
    });
    expect(names('card')).toEqual(['No senior']);
    expect(names('details')).toEqual(['German']);

    // Edited: the same id, now reading the description.
    repository.update(
      senior,
      rulePatchSchema.parse({ conditions: [{ field: 'description', value: 'senior' }] }),
      1,
    );
    expect(names('card')).toEqual([]);
    expect(names('details')).toEqual(['No senior', 'German']);

    repository.reorder([german, senior], 2);
    expect(names('details')).toEqual(['German', 'No senior']);

    repository.update(german, rulePatchSchema.parse({ enabled: false }), 3);
    expect(names('details')).toEqual(['No senior']);

    repository.delete(senior, 4);
    expect(names('details')).toEqual([]);

    // Not through the repository: an operator's hand-edit (or a restored file) moves it too.
    database.sqlite.prepare('UPDATE rules SET enabled = 1 WHERE id = ?').run(german);
    expect(names('details')).toEqual(['German']);
  });

  it('compiles the rules once while nothing changes (the same objects come back)', () => {
    add({ name: 'No senior', conditions: [{ field: 'title', value: 'senior' }], action: 'hide' });
    const first = gate.rules('card');
    expect(gate.rules('card')).toBe(first);
    const version = () =>
      database.sqlite.prepare('SELECT version FROM rules_version').pluck().get();
    const before = version();
    add({ name: 'No intern', conditions: [{ field: 'title', value: 'intern' }], action: 'hide' });
    expect(version()).not.toBe(before);
    expect(gate.rules('card')).not.toBe(first);
  });

  it('reads the rules at every call if the version row is gone', () => {
    database.sqlite.exec('DELETE FROM rules_version');
    add({ name: 'No senior', conditions: [{ field: 'title', value: 'senior' }], action: 'hide' });
    expect(names('card')).toEqual(['No senior']);
    database.sqlite.exec('UPDATE rules SET enabled = 0');
    expect(names('card')).toEqual([]);
  });
});
