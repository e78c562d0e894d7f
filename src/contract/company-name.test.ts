import { describe, expect, it } from 'vitest';
import { normalizeCompanyName } from './company-name';

describe('normalizeCompanyName', () => {
  it.each([
    ['Acme, Inc.', 'acme'],
    ['ACME  Inc', 'acme'],
    ['  Acme Corp. ', 'acme'],
    ['Acme Corporation', 'acme'],
    ['Acme LLC', 'acme'],
    ['Acme Ltd.', 'acme'],
    ['Müller Logistik GmbH', 'müller logistik'],
    ['Nestlé S.A.', 'nestlé'],
    ['Siemens AG', 'siemens'],
    ['Barclays PLC', 'barclays'],
    ['Procter & Gamble Co.', 'procter & gamble'],
    ['Foo Bar Holdings, Inc.,', 'foo bar holdings'],
    ['Widgets Co., Ltd.', 'widgets'],
    ['Lidl', 'lidl'],
    ['Saga', 'saga'],
    ['Inc.', 'inc'],
    ['株式会社サクラテック', '株式会社サクラテック'],
    ['Google!', 'google'],
  ])('%s → %s', (name, expected) => {
    expect(normalizeCompanyName(name)).toBe(expected);
  });
});
