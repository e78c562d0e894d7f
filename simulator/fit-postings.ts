import { escapeHtml } from './html-escape';
import {
  FIT_DOMAINS,
  FIT_PROFILES,
  LEVEL_KEYS,
  SITE_LEVELS,
  type FitDomain,
  type FitProfileKey,
  type FitTruth,
} from './fit-profiles';
import {
  BENEFITS,
  CLOSING,
  DEALBREAKER_LINES,
  FILLER,
  fill,
  HEADINGS,
  LANGUAGE_ASKED,
  LANGUAGE_WELCOME,
  LANGUAGE_WORDS,
  salaryLine,
  SKILL_LINES,
  SKILL_SPELLINGS,
  TASKS,
  TITLES,
  WORKPLACE_LINES,
  YEARS_LINES,
  type FitLang,
} from './fit-wording';
import { PLACES, type Place } from './places';
import type { Prng } from './prng';

// Issue 40: postings made of requirements drawn from pools (skills, years, languages, workplace,
// level, pay, dealbreakers), each drawn to fit one domain's profile strongly, partly or poorly,
// then worded in English or German. What a posting is made of is kept beside its text: the
// truth (fit-profiles.ts) reads that, never the text.

export type SiteLevel = (typeof SITE_LEVELS)[number];
export type FitWorkplace = 'remote' | 'hybrid' | 'on-site';

export interface FitPosting {
  domain: FitDomain;
  /** What the posting was drawn to be for its domain's profile (the truth may judge otherwise). */
  aim: FitTruth;
  lang: FitLang;
  title: string;
  level: SiteLevel;
  /** The skills it asks for, by the names profiles use. */
  skills: string[];
  yearsAsked: number | null;
  /** Languages it asks for in words (ISO codes), and those it names only as a plus or not needed. */
  languagesAsked: string[];
  languagesWelcome: string[];
  workplace: FitWorkplace;
  place: Place;
  city: string;
  country: string;
  /** Its pay (a range's midpoint, yearly), and whether the card or the description shows it. */
  salary: {
    currency: string;
    yearly: number;
    lowK: number;
    highK: number;
    shown: 'card' | 'description';
  } | null;
  /** Dealbreakers it asks for, and those it names only to say they are not needed. */
  dealbreakers: string[];
  dealbreakersDenied: string[];
}

const POOLS: Readonly<Record<FitDomain, readonly string[]>> = {
  backend: ['Docker', 'Terraform', 'Redis', 'Node.js', 'Java', 'Rust', 'Python'],
  data: ['statistics', 'dbt', 'Tableau', 'scikit-learn', 'Excel'],
  finance: ['HGB', 'financial reporting', 'DATEV', 'Excel', 'budgeting'],
  other: ['Salesforce', 'HubSpot', 'SEO', 'content marketing', 'negotiation', 'Excel'],
};

const germanCities = PLACES.filter((p) => p.kind === 'city' && p.country === 'Germany');
const foreignCities = PLACES.filter(
  (p) => p.kind === 'city' && ['United Kingdom', 'France', 'Netherlands'].includes(p.country),
);
const germany = PLACES.find((p) => p.displayName === 'Germany');
const cityNamed = (name: string): Place | undefined =>
  germanCities.find((p) => p.displayName === name);

function subset<T>(prng: Prng, items: readonly T[], min: number, max: number): T[] {
  const pool = [...items];
  const count = Math.min(pool.length, prng.between(min, max));
  const out: T[] = [];
  for (let i = 0; i < count; i += 1) out.push(pool.splice(prng.int(pool.length), 1)[0] as T);
  return out;
}

/** The profile's cities a strong posting may be in (any German city for a "Germany" profile). */
function wantedCities(key: FitProfileKey): Place[] {
  const named = FIT_PROFILES[key].body.places
    .map((p) => cityNamed(p.display_name))
    .filter((p): p is Place => p !== undefined);
  return named.length ? named : germanCities;
}

function drawSkills(prng: Prng, domain: FitDomain, aim: FitTruth): string[] {
  const pool = POOLS[domain];
  if (domain === 'other') return subset(prng, pool, 3, 5);
  const { must_skills: must, plus_skills: plus } = FIT_PROFILES[domain].body;
  const mustKept =
    aim === 'strong'
      ? must
      : aim === 'partial'
        ? subset(prng, must, must.length - 1, must.length)
        : subset(prng, must, 0, 1);
  const plusKept = subset(prng, plus, aim === 'strong' ? 1 : 0, aim === 'strong' ? plus.length : 2);
  return [...mustKept, ...plusKept, ...subset(prng, pool, 2, 4)];
}

function drawLevel(prng: Prng, domain: FitDomain, aim: FitTruth): SiteLevel {
  if (domain === 'other' || aim === 'poor') return prng.pick(SITE_LEVELS.slice(1, 5));
  const wanted = FIT_PROFILES[domain].body.seniority;
  const names = wanted.map((l) => SITE_LEVELS[LEVEL_KEYS.indexOf(l)] ?? 'Mid-Senior level');
  if (aim === 'strong' || prng.chance(0.5)) return prng.pick(names);
  return prng.pick(SITE_LEVELS.filter((l) => !names.includes(l)).slice(1, 5));
}

function drawWhere(
  prng: Prng,
  domain: FitDomain,
  aim: FitTruth,
): { workplace: FitWorkplace; place: Place } {
  const kinds: FitWorkplace[] = ['remote', 'hybrid', 'on-site'];
  const wanted = domain === 'other' ? [] : FIT_PROFILES[domain].body.workplaces;
  const inProfile = aim === 'strong' || (aim === 'partial' && prng.chance(0.5));
  const workplace = inProfile && wanted.length ? prng.pick(wanted) : prng.pick(kinds);
  const cities = domain === 'other' ? germanCities : wantedCities(domain);
  const near = inProfile || prng.chance(0.5);
  const city = near
    ? prng.pick(cities)
    : prng.chance(0.6)
      ? prng.pick(germanCities)
      : prng.pick(foreignCities);
  // A remote posting names a whole country as often as a city.
  const place =
    workplace === 'remote' && city.country === 'Germany' && germany && prng.chance(0.5)
      ? germany
      : city;
  return { workplace, place };
}

function drawYears(prng: Prng, domain: FitDomain, aim: FitTruth): number | null {
  if (prng.chance(0.25)) return null;
  const have = domain === 'other' ? 5 : (FIT_PROFILES[domain].body.years_experience ?? 5);
  if (aim === 'strong') return prng.between(1, have);
  if (aim === 'partial' && prng.chance(0.5)) return have + prng.between(1, 3);
  return prng.between(1, 10);
}

function drawSalary(
  prng: Prng,
  domain: FitDomain,
  aim: FitTruth,
  place: Place,
): FitPosting['salary'] {
  const roll = prng.next();
  if (roll < 0.35 || place.country !== 'Germany') return null;
  const floorK =
    domain === 'other'
      ? 60
      : Math.round((FIT_PROFILES[domain].body.salary_floor?.amount ?? 60_000) / 1000);
  const low =
    aim === 'strong' || (aim === 'partial' && prng.chance(0.6))
      ? floorK + prng.between(-5, 20)
      : floorK - prng.between(20, 35);
  const lowK = Math.max(20, low);
  const highK = lowK + prng.between(10, 25);
  const yearly = ((lowK + highK) / 2) * 1000;
  return { currency: 'EUR', yearly, lowK, highK, shown: roll < 0.75 ? 'card' : 'description' };
}

/** The languages asked and welcome, given the language the posting is written in. */
function drawLanguages(
  prng: Prng,
  domain: FitDomain,
  lang: FitLang,
  poorBy: string | null,
): Pick<FitPosting, 'languagesAsked' | 'languagesWelcome'> {
  const asked = new Set<string>();
  if (prng.chance(0.6)) asked.add(lang);
  if (lang === 'de' && prng.chance(0.5)) asked.add('en');
  if (poorBy === 'language') asked.add(domain === 'backend' ? 'de' : 'fr');
  const welcome = new Set<string>();
  // A trap: a language the profile lacks, named only as a plus or as not needed.
  if (prng.chance(0.3)) welcome.add(domain === 'backend' && lang === 'en' ? 'de' : 'fr');
  for (const code of asked) welcome.delete(code);
  return { languagesAsked: [...asked], languagesWelcome: [...welcome] };
}

function drawDealbreakers(
  prng: Prng,
  domain: FitDomain,
  aim: FitTruth,
  poorBy: string | null,
): Pick<FitPosting, 'dealbreakers' | 'dealbreakersDenied'> {
  const own =
    domain === 'other'
      ? ['cold calling', 'business travel']
      : FIT_PROFILES[domain].body.dealbreakers;
  if (poorBy === 'dealbreaker' || (domain === 'other' && prng.chance(0.4)))
    return { dealbreakers: [prng.pick(own)], dealbreakersDenied: [] };
  if (aim !== 'poor' && prng.chance(0.2))
    return { dealbreakers: [], dealbreakersDenied: [prng.pick(own)] };
  return { dealbreakers: [], dealbreakersDenied: [] };
}

function drawLang(prng: Prng, domain: FitDomain, aim: FitTruth, poorBy: string | null): FitLang {
  // The backend profile speaks English only: a German posting is a poor fit for it.
  if (domain === 'backend')
    return aim === 'poor' && poorBy === 'language' && prng.chance(0.5) ? 'de' : 'en';
  return prng.chance(domain === 'finance' ? 0.55 : 0.4) ? 'de' : 'en';
}

function drawTitle(prng: Prng, posting: Omit<FitPosting, 'title'>): string {
  if (posting.dealbreakers.includes('Werkstudent'))
    return posting.lang === 'de'
      ? 'Werkstudent Data Science (m/w/d)'
      : 'Werkstudent Data Analytics';
  const base = prng.pick(TITLES[posting.domain]?.[posting.lang] ?? ['Specialist']);
  const prefix =
    posting.level === 'Mid-Senior level' && prng.chance(0.5)
      ? 'Senior '
      : posting.level === 'Entry level'
        ? 'Junior '
        : '';
  const skill =
    posting.domain !== 'other' && posting.skills[0] && prng.chance(0.3)
      ? ` (${posting.skills[0]})`
      : '';
  return `${prefix}${base}${skill}`;
}

/** Draws a posting of `domain`, aimed to fit its profile as `aim` says. */
export function drawPosting(prng: Prng, domain: FitDomain, aim: FitTruth): FitPosting {
  const poorBy =
    aim === 'poor' && domain !== 'other' ? prng.pick(['skills', 'language', 'dealbreaker']) : null;
  const lang = drawLang(prng, domain, aim, poorBy);
  const { workplace, place } = drawWhere(prng, domain, aim);
  const parts = place.displayName.split(',').map((p) => p.trim());
  const drawn: Omit<FitPosting, 'title'> = {
    domain,
    aim,
    lang,
    level: drawLevel(prng, domain, aim),
    // A posting poor by its language or a dealbreaker has the skills of a strong one.
    skills: drawSkills(prng, domain, poorBy === 'skills' || poorBy === null ? aim : 'strong'),
    yearsAsked: drawYears(prng, domain, aim),
    ...drawLanguages(prng, domain, lang, poorBy),
    workplace,
    place,
    city: parts[0] ?? '',
    country: parts[parts.length - 1] ?? '',
    salary: drawSalary(prng, domain, aim, place),
    ...drawDealbreakers(prng, domain, aim, poorBy),
  };
  return { ...drawn, title: drawTitle(prng, drawn) };
}

/** The domain and aim of the n-th fit posting: an even share of domains, a third of each aim. */
export function postingPlan(prng: Prng): { domain: FitDomain; aim: FitTruth } {
  const domain = prng.chance(0.12) ? 'other' : prng.pick(FIT_DOMAINS.filter((d) => d !== 'other'));
  const roll = prng.next();
  return { domain, aim: roll < 0.35 ? 'strong' : roll < 0.7 ? 'partial' : 'poor' };
}

interface Block {
  heading?: string;
  paragraph?: string;
  items?: string[];
}

function requirementItems(prng: Prng, p: FitPosting): string[] {
  const items = p.skills.map((skill) => {
    const spellings = SKILL_SPELLINGS[skill];
    const word = prng.pick(
      (p.lang === 'de' ? spellings?.de : undefined) ?? spellings?.en ?? [skill],
    );
    return fill(prng.pick(SKILL_LINES[p.lang]), { s: word });
  });
  if (p.yearsAsked !== null)
    items.push(fill(prng.pick(YEARS_LINES[p.lang]), { n: p.yearsAsked, m: p.yearsAsked + 2 }));
  const language = (code: string, lines: readonly string[]): string => {
    const words = LANGUAGE_WORDS[code] ?? { en: code, de: code };
    return fill(prng.pick(lines), { L: words.en, D: words.de });
  };
  for (const code of p.languagesAsked) items.push(language(code, LANGUAGE_ASKED[p.lang]));
  for (const code of p.languagesWelcome) items.push(language(code, LANGUAGE_WELCOME[p.lang]));
  for (const d of p.dealbreakers) items.push(prng.pick(DEALBREAKER_LINES[d]?.asked[p.lang] ?? [d]));
  for (const d of p.dealbreakersDenied)
    items.push(prng.pick(DEALBREAKER_LINES[d]?.denied[p.lang] ?? []));
  // Shuffled, so an ask is not always in the same place.
  return subset(prng, items, items.length, items.length);
}

function blocksOf(prng: Prng, p: FitPosting, company: string): Block[] {
  const h = HEADINGS[p.lang];
  const filler = (min: number, max: number): string =>
    subset(prng, FILLER[p.lang], min, max).join(' ');
  const where = fill(prng.pick(WORKPLACE_LINES[p.lang][p.workplace]), {
    city: p.city,
    country: p.country,
  });
  const pay =
    p.salary?.shown === 'description'
      ? ` ${salaryLine(p.lang, p.salary.lowK, p.salary.highK)}`
      : '';
  return [
    { heading: h.about },
    { paragraph: `${company}: ${filler(4, 6)}` },
    { heading: h.role },
    { paragraph: `${filler(3, 4)} ${where}` },
    { items: subset(prng, TASKS[p.domain]?.[p.lang] ?? [], 4, 6) },
    { heading: h.asks },
    { items: requirementItems(prng, p) },
    { heading: h.offer },
    { items: subset(prng, BENEFITS[p.lang], 3, 5) },
    { paragraph: `${filler(2, 3)}${pay}` },
    { paragraph: subset(prng, CLOSING[p.lang], 3, 4).join(' ') },
  ];
}

/** The posting's description as the site's markup (`<p>`, `<strong>` headings, lists). */
export function describePosting(prng: Prng, p: FitPosting, company: string): string {
  return blocksOf(prng, p, company)
    .map((b) =>
      b.heading
        ? `<p><strong>${escapeHtml(b.heading)}</strong></p>`
        : b.items
          ? `<ul>${b.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`
          : `<p>${escapeHtml(b.paragraph ?? '')}</p>`,
    )
    .join('\n');
}

/** The card's salary text, as the site writes it, when the card shows the pay. */
export function cardSalary(p: FitPosting): string | null {
  return p.salary?.shown === 'card'
    ? `€${p.salary.lowK},000.00/yr - €${p.salary.highK},000.00/yr`
    : null;
}
