import { describe, expect, it } from 'vitest';
import { parseCompany, parseTypeahead } from './parse-site-json';
import { FIXTURE_CONTEXT, fixture } from './test-fixtures';

describe('parseTypeahead', () => {
  it('reads {id, displayName}, turning numeric ids into strings', () => {
    expect(parseTypeahead(fixture('typeahead-geo.txt'), FIXTURE_CONTEXT)).toEqual([
      { id: '103035651', displayName: 'Berlin, Germany' },
      { id: '90009790', displayName: 'Berlin Metropolitan Area' },
    ]);
  });

  it('fails with a parse error on HTML or another shape', () => {
    expect(() => parseTypeahead('<html>', FIXTURE_CONTEXT)).toThrow(/typeahead .*not JSON/);
    expect(() => parseTypeahead('{"elements":[]}', FIXTURE_CONTEXT)).toThrow(
      /expected a list of \{id, displayName\}/,
    );
  });
});

describe('parseCompany', () => {
  it('reads the normalized+json answer', () => {
    expect(parseCompany(fixture('voyager-company.json'), '1441', FIXTURE_CONTEXT)).toEqual({
      id: '1441',
      name: 'Google',
      universalName: 'google',
    });
  });

  it('reads a plain answer and an entity in "included"', () => {
    expect(parseCompany('{"name":"A","universalName":"a"}', '1', FIXTURE_CONTEXT)).toMatchObject({
      name: 'A',
    });
    expect(
      parseCompany(
        '{"data":{"*elements":[]},"included":[{"x":1},{"name":"B","universalName":"b"}]}',
        '2',
        FIXTURE_CONTEXT,
      ),
    ).toMatchObject({ name: 'B' });
  });

  it('fails naming what is missing', () => {
    expect(() => parseCompany('{"data":{}}', '1', FIXTURE_CONTEXT)).toThrow(
      /missing name or universalName/,
    );
  });
});
