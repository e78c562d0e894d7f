import type { SimCompany } from './catalogue';
import { foldForMatch, PLACES, type Place } from './places';

const MAX_HITS = 10;

export interface TypeaheadHit {
  id: string;
  type: 'GEO' | 'COMPANY';
  displayName: string;
  trackingId: string;
}

function wordStarts(folded: string, query: string): boolean {
  return (
    folded.startsWith(query) ||
    folded.split(/[\s,()-]+/).some((w) => w.length > 0 && w.startsWith(query))
  );
}

const FOLDED_PLACES = PLACES.map((p) => [foldForMatch(p.displayName), p] as const);
const KIND_RANK: Record<Place['kind'], number> = { city: 0, metro: 1, country: 2, region: 3 };

export function geoHits(query: string): TypeaheadHit[] {
  const q = foldForMatch(query);
  if (!q) return [];
  return FOLDED_PLACES.filter(([folded]) => wordStarts(folded, q))
    .sort(
      ([a, pa], [b, pb]) =>
        Number(!a.startsWith(q)) - Number(!b.startsWith(q)) ||
        KIND_RANK[pa.kind] - KIND_RANK[pb.kind],
    )
    .slice(0, MAX_HITS)
    .map(([, p]) => ({
      id: p.id,
      type: 'GEO',
      displayName: p.displayName,
      trackingId: `geo-${p.id}`,
    }));
}

export function companyHits(companies: readonly SimCompany[], query: string): TypeaheadHit[] {
  const q = foldForMatch(query);
  if (!q) return [];
  return companies
    .map((c) => [foldForMatch(c.name), c] as const)
    .filter(
      ([folded]) =>
        wordStarts(folded, q) ||
        q.startsWith(folded.split(/[,\s]+(inc|llc|gmbh|ltd|corp|ag|plc|co)\b/)[0] ?? folded),
    )
    .sort(([a], [b]) => Number(!a.startsWith(q)) - Number(!b.startsWith(q)))
    .slice(0, MAX_HITS)
    .map(([, c]) => ({
      id: c.id,
      type: 'COMPANY',
      displayName: c.name,
      trackingId: `company-${c.id}`,
    }));
}
