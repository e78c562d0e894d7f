import { describe, expect, it } from 'vitest';
import {
  descriptionSignature,
  normalizeLocation,
  normalizeTitle,
  repostKey,
  roleKey,
  SAME_DESCRIPTION_SIMILARITY,
  SIGNATURE_BYTES,
  signatureSimilarity,
} from './repost-keys';

describe('normalizeTitle', () => {
  it.each([
    ['Data Engineer (m/w/d)', 'data engineer'],
    ['Data Engineer (w/m/d)', 'data engineer'],
    ['Data Engineer (m/f/d)', 'data engineer'],
    ['Data Engineer (f/m/d)', 'data engineer'],
    ['Data Engineer (f/m/x)', 'data engineer'],
    ['Data Engineer (d/m/w)', 'data engineer'],
    ['Data Engineer (m/w/x)', 'data engineer'],
    ['Data Engineer [m/w/d]', 'data engineer'],
    ['Data Engineer m/w/d', 'data engineer'],
    ['Data Engineer (M / W / D)', 'data engineer'],
    ['Ingénieur Data H/F', 'ingenieur data'],
    ['Ingénieur Data (F/H)', 'ingenieur data'],
    ['Data Engineer (all genders)', 'data engineer'],
    ['Data Engineer (gn)', 'data engineer'],
    ['Data Engineer (m/w/divers)', 'data engineer'],
    ['Softwareentwickler*in', 'softwareentwickler'],
    ['Softwareentwickler:in', 'softwareentwickler'],
    ['Softwareentwickler/in', 'softwareentwickler'],
    ['Softwareentwickler_in', 'softwareentwickler'],
    ['Softwareentwickler(in)', 'softwareentwickler'],
    ['Data Engineer (Remote)', 'data engineer'],
    ['Data Engineer - Remote', 'data engineer'],
    ['Data Engineer – Contract', 'data engineer'],
    ['Data Engineer — Contract', 'data engineer'],
    ['Data Engineer | Hybrid', 'data engineer'],
    ['Data Engineer (Hybrid)', 'data engineer'],
    ['Data Engineer (100% Remote)', 'data engineer'],
    ['Data Engineer - Full-time', 'data engineer'],
    ['Data Engineer (Contract, Remote)', 'data engineer'],
    ['Data Engineer (m/w/d) - Remote', 'data engineer'],
    ['Data Engineer - Remote - Contract', 'data engineer'],
    ['Data Engineer (Freelance)', 'data engineer'],
    ['Urgent: Data Engineer', 'data engineer'],
    ['Data Engineer (Vollzeit)', 'data engineer'],
    ['DATA ENGINEER', 'data engineer'],
    ['Data  Engineer.', 'data engineer'],
    ['Sr. Data Engineer', 'senior data engineer'],
    ['Jr Data Engineer', 'junior data engineer'],
    ['Développeur Front-End', 'developpeur front end'],
    ['Straßenbauingenieur', 'strassenbauingenieur'],
    ['C++ Developer', 'c++ developer'],
    ['C# Developer (m/w/d)', 'c# developer'],
    ['データエンジニア', 'データエンジニア'],
    ['データエンジニア（リモート可）', 'データエンジニア リモート可'],
    ['Инженер данных', 'инженер данных'],
    ['Йога-инструктор', 'йога инструктор'],
    ['مهندس بيانات', 'مهندس بيانات'],
  ])('%s → %s', (title, expected) => {
    expect(normalizeTitle(title)).toBe(expected);
  });

  it('keeps what changes the role: a remote team, a contract manager, another level', () => {
    expect(normalizeTitle('Remote Team Lead')).toBe('remote team lead');
    expect(normalizeTitle('Contract Manager')).toBe('contract manager');
    expect(normalizeTitle('Senior Data Engineer')).not.toBe(normalizeTitle('Data Engineer'));
    expect(normalizeTitle('Data Engineer II')).not.toBe(normalizeTitle('Data Engineer'));
    // A gender run only counts as a whole: "w/o" or a word ending in m is left alone.
    expect(normalizeTitle('Team Lead w/o travel')).toBe('team lead w o travel');
  });

  it("drops the job's own place at the end, not another place", () => {
    expect(normalizeTitle('Data Engineer - Berlin', 'Berlin, Germany')).toBe('data engineer');
    expect(normalizeTitle('Data Engineer (Berlin)', 'Berlin, Germany')).toBe('data engineer');
    expect(normalizeTitle('Data Engineer - Munich', 'Berlin, Germany')).toBe(
      'data engineer munich',
    );
    expect(normalizeTitle('Berlin', 'Berlin, Germany')).toBe('berlin');
  });

  it('is empty when nothing but decoration is left', () => {
    expect(normalizeTitle('(m/w/d)')).toBe('');
    expect(normalizeTitle(' – ')).toBe('');
  });

  it('writes out abbreviations, and takes any other word as it is', () => {
    expect(normalizeTitle('Sr. Data Engineer')).toBe('senior data engineer');
    // Words that name an Object property were once looked up on Object.prototype.
    expect(normalizeTitle('Constructor Manager')).toBe('constructor manager');
    expect(normalizeTitle('toString valueOf __proto__ hasOwnProperty')).toBe(
      'tostring valueof proto hasownproperty',
    );
  });
});

describe('normalizeLocation', () => {
  it('folds case, accents and punctuation', () => {
    expect(normalizeLocation('München, Bayern, Deutschland')).toBe('munchen bayern deutschland');
    expect(normalizeLocation('MUNCHEN,  Bayern , Deutschland')).toBe('munchen bayern deutschland');
    expect(normalizeLocation('東京都, 日本')).toBe('東京都 日本');
  });
});

describe('repostKey and roleKey', () => {
  it('is one key for a reposted title and another for another place or company', () => {
    const key = repostKey('acme', 'Data Engineer (m/w/d)', 'Berlin, Germany');
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(repostKey('acme', 'data engineer – Contract', 'Berlin, Germany')).toBe(key);
    expect(repostKey('acme', 'Data Engineer', 'Hamburg, Germany')).not.toBe(key);
    expect(repostKey('globex', 'Data Engineer', 'Berlin, Germany')).not.toBe(key);
    expect(roleKey('acme', 'Data Engineer', 'Hamburg, Germany')).toBe(
      roleKey('acme', 'Data Engineer (Remote)', 'Berlin, Germany'),
    );
  });

  it('is null without a title or a company to go by', () => {
    expect(repostKey('acme', '(m/w/d)', 'Berlin')).toBeNull();
    expect(repostKey('', 'Data Engineer', 'Berlin')).toBeNull();
    expect(roleKey('', 'Data Engineer', 'Berlin')).toBeNull();
  });
});

describe('description similarity', () => {
  const text = (seed: number, words: number) => {
    const vocabulary =
      'data pipelines team python sql cloud build ship own review write test deploy scale customers product'.split(
        ' ',
      );
    const out: string[] = [];
    for (let i = 0; i < words; i += 1) {
      const h = Math.imul((seed * 7919 + i) ^ 0x5bd1e995, 0x27d4eb2d) >>> 0;
      out.push(vocabulary[(h ^ (h >>> 15)) % vocabulary.length] ?? 'x');
    }
    return out.join(' ');
  };

  it('is 1 for the same text, whatever its case, accents or spacing', () => {
    const a = descriptionSignature('Wir suchen Entwickler für Daten-Pipelines in München.');
    const b = descriptionSignature('wir  suchen entwickler fur daten pipelines in munchen');
    expect(a).not.toBeNull();
    expect(signatureSimilarity(a ?? Buffer.alloc(0), b ?? Buffer.alloc(0))).toBe(1);
  });

  it('stays above the threshold for a small edit and falls well below it for another text', () => {
    const base = text(1, 400);
    const edited = `${base} Apply now, we answer within a week.`;
    const other = text(2, 400);
    const sig = (t: string) => descriptionSignature(t) ?? Buffer.alloc(0);
    expect(signatureSimilarity(sig(base), sig(edited))).toBeGreaterThanOrEqual(
      SAME_DESCRIPTION_SIMILARITY,
    );
    expect(signatureSimilarity(sig(base), sig(other))).toBeLessThan(0.3);
  });

  it('has no signature for a missing or too short text, and never matches a malformed one', () => {
    expect(descriptionSignature(null)).toBeNull();
    expect(descriptionSignature('Apply now')).toBeNull();
    const a = descriptionSignature('one two three four') ?? Buffer.alloc(0);
    expect(a.length).toBe(SIGNATURE_BYTES);
    expect(signatureSimilarity(a, Buffer.alloc(10))).toBe(0);
    // The 64 × 32-bit MinHash of before is another format: never compared with this one.
    expect(signatureSimilarity(a, Buffer.alloc(256))).toBe(0);
  });

  // The exact Jaccard similarity of two texts' 3-word shingle sets, as the signature reads words.
  const jaccard = (a: string, b: string): number => {
    const shingles = (t: string) => {
      const w = t.toLowerCase().match(/[\p{L}\p{N}]+[+#]*/gu) ?? [];
      return new Set(w.slice(0, -2).map((x, i) => `${x} ${w[i + 1]} ${w[i + 2]}`));
    };
    const left = shingles(a);
    const right = shingles(b);
    const shared = [...left].filter((x) => right.has(x)).length;
    return shared / (left.size + right.size - shared);
  };

  it('estimates the Jaccard similarity of the shingles within ±0.15, from short texts to long', () => {
    const sig = (t: string) => descriptionSignature(t) ?? Buffer.alloc(0);
    const misses: string[] = [];
    for (const length of [12, 40, 150, 400, 1200]) {
      for (let seed = 1; seed <= 12; seed += 1) {
        const base = text(seed * 31 + length, length);
        const words = base.split(' ');
        // Keep a share of the text and write the rest anew: similarities from ~0 to 1.
        for (const keep of [0, 0.3, 0.6, 0.85, 1]) {
          const cut = Math.round(words.length * keep);
          const other = [...words.slice(0, cut), text(seed * 97 + length, length - cut)]
            .join(' ')
            .trim();
          const exact = jaccard(base, other);
          const estimate = signatureSimilarity(sig(base), sig(other));
          if (Math.abs(estimate - exact) > 0.15)
            misses.push(`${length} words, keep ${keep}: ${estimate} vs ${exact.toFixed(3)}`);
        }
      }
    }
    // 300 pairs: at ±0.15 (about 2.5 standard errors of 64 bins) a few may miss, not more.
    expect(misses.length, misses.join('\n')).toBeLessThanOrEqual(6);
  });
});
