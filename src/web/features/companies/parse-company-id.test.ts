import { describe, expect, it } from 'vitest';
import { parseCompanyId } from './parse-company-id';

describe('parseCompanyId', () => {
  it.each([
    ['1', 1],
    ['1441', 1441],
    [' 42 ', 42],
    ['007', 7],
    ['9007199254740991', 9007199254740991],
  ])('reads "%s" as %d', (text, id) => {
    expect(parseCompanyId(text)).toBe(id);
  });

  it.each([
    [''],
    ['   '],
    ['0'],
    ['-3'],
    ['1.5'],
    ['1e3'],
    ['+5'],
    ['abc'],
    ['12abc'],
    ['9007199254740993'],
  ])('refuses "%s"', (text) => {
    expect(parseCompanyId(text)).toBeNull();
  });
});
