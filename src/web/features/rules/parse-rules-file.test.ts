import { describe, expect, it } from 'vitest';
import { parseRulesFile } from './parse-rules-file';
import { EXPORTED_RULE } from './testing';

const rule = EXPORTED_RULE;

describe('parseRulesFile', () => {
  it('reads an exported rule set', () => {
    const parsed = parseRulesFile(JSON.stringify({ version: 1, rules: [rule] }));
    expect(parsed).toEqual({ ok: true, set: { version: 1, rules: [rule] } });
  });

  it('says a file is not JSON', () => {
    expect(parseRulesFile('name,conditions\nx,y')).toEqual({
      ok: false,
      problems: ['This file is not JSON: choose a rule set exported from jobscout (.json).'],
    });
  });

  it('says a JSON file of another kind is not a rule set', () => {
    for (const text of ['[]', '{"items": []}', '42']) {
      const parsed = parseRulesFile(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.problems[0]).toMatch(/is not a jobscout rule set/);
    }
  });

  it('names an unknown version', () => {
    const parsed = parseRulesFile(JSON.stringify({ version: 2, rules: [rule] }));
    expect(parsed).toEqual({
      ok: false,
      problems: ['version must be 1: this is not a jobscout rule set this server reads'],
    });
  });

  it('says which rule and which condition is wrong', () => {
    const parsed = parseRulesFile(
      JSON.stringify({
        version: 1,
        rules: [
          rule,
          { ...rule, name: 'Everything', conditions: [{ field: 'title', value: '*' }] },
          { ...rule, name: 'Odd', action: 'delete' },
        ],
      }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      expect.stringMatching(/^Rule 2 \(“Everything”\), condition 1: "\*": a wildcard alone/),
      'Rule 3 (“Odd”): action must be one of hide, flag, mute',
    ]);
  });

  it('lists at most five problems and counts the rest', () => {
    const rules = Array.from({ length: 8 }, (_, i) => ({ ...rule, name: `R${i}`, conditions: [] }));
    const parsed = parseRulesFile(JSON.stringify({ version: 1, rules }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toHaveLength(6);
    expect(parsed.problems[0]).toBe(
      'Rule 1 (“R0”): a rule needs at least one condition (words, or a fit)',
    );
    expect(parsed.problems[5]).toBe('…and 3 more');
  });
});
