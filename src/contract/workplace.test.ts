import { describe, expect, it } from 'vitest';
import { workplaceFromText } from './workplace';

describe('workplaceFromText', () => {
  it('reads the location first, then a marked-off part of the title', () => {
    expect(workplaceFromText('Germany (Remote)', 'Data Engineer')).toBe('remote');
    expect(workplaceFromText('Berlin, Germany (Hybrid)', 'Data Engineer')).toBe('hybrid');
    expect(workplaceFromText('Paris (On-site)', 'Analyst')).toBe('on-site');
    expect(workplaceFromText('Onsite', 'Analyst')).toBe('on-site');
    expect(workplaceFromText('Berlin, Germany', 'Backend Engineer (Remote)')).toBe('remote');
    expect(workplaceFromText('Berlin, Germany', 'Analyst - Hybrid')).toBe('hybrid');
    expect(workplaceFromText('Remote', 'Engineer (Hybrid)')).toBe('remote');
  });

  it('says nothing when the words do not', () => {
    expect(workplaceFromText('Berlin, Germany', 'Remote Sensing Engineer')).toBeNull();
    expect(workplaceFromText(null, 'Data Engineer')).toBeNull();
    expect(workplaceFromText('Remoteville', 'Cook')).toBeNull();
  });
});
