import type { FitLanguageCode } from '../contract/fit';
import { CUE_LANGUAGE, LANGUAGE_WORDS } from './cue-words';
import { cueNear, JOINS, NOT_REQUIRED } from './cues';
import type { WordRange } from './evidence';
import type { Tokens } from './tokens';

// The languages a job asks for: "fluent German", "Deutsch fließend", "English C1",
// "verhandlungssicheres Englisch", "sehr gute Deutschkenntnisse", and the language the
// description is written in. Not "German is a plus", "no German required", "keine
// Deutschkenntnisse erforderlich", nor "the German market" (a language needs a word of level).

/** One ask: any of `codes` will do ("English or German"). */
export interface LanguageAsk {
  codes: FitLanguageCode[];
  /** Where the text asks; null for the language the description is written in. */
  range: WordRange | null;
}

export interface LanguagesRead {
  asked: LanguageAsk[];
  /** Languages the text names only as a plus or as not needed. */
  welcome: FitLanguageCode[];
}

/** Words that make a language's mention an ask: a level, a skill, "required". */
// prettier-ignore
const LEVEL = new Set([
  'fluent', 'fluently', 'fluency', 'native', 'proficient', 'proficiency', 'business',
  'professional', 'conversational', 'bilingual', 'excellent', 'strong', 'good', 'solid', 'written',
  'spoken', 'verbal', 'oral', 'speak', 'speaks', 'speaking', 'speaker', 'speakers', 'communicate',
  'skills', 'skill', 'level', 'required', 'requirement', 'must', 'mandatory', 'essential', 'command',
  'language', 'languages', 'a2', 'b1', 'b2', 'c1', 'c2', 'mother', 'tongue', 'need', 'needed',
  'fliessend', 'fließend', 'flussig', 'flussige', 'flussiges', 'verhandlungssicher',
  'verhandlungssichere', 'verhandlungssicheres', 'verhandlungssicheren', 'verhandlungssicherem',
  'muttersprache', 'muttersprachlich', 'muttersprachliche', 'muttersprachlichen', 'muttersprachler',
  'gute', 'guten', 'gutes', 'sehr', 'sicher', 'sichere', 'sicheres', 'sicheren', 'sicherem', 'wort',
  'schrift', 'beherrschung', 'erforderlich', 'voraussetzung', 'zwingend', 'niveau', 'sprache',
  'sprachen', 'kenntnisse', 'sprachkenntnisse', 'konversationssicher', 'exzellente', 'exzellentes',
]);
const ALTERNATIVES = new Set(['or', 'oder']);

interface Mention {
  at: number;
  code: FitLanguageCode;
  skill: boolean;
}

type Status = 'asked' | 'welcome' | 'named';

function mentionsOf(tokens: Tokens): Mention[] {
  const found: Mention[] = [];
  for (let k = 0; k < tokens.cued.length; k += 1) {
    const i = tokens.cued[k] ?? 0;
    const name =
      (tokens.cues[k] ?? 0) & CUE_LANGUAGE ? LANGUAGE_WORDS.get(tokens.folded[i] ?? '') : undefined;
    if (name) found.push({ at: i, code: name.code, skill: name.skill });
  }
  return found;
}

/** What the text says of each mention: asked, only welcome, or just named. */
function statuses(tokens: Tokens, mentions: readonly Mention[]): Status[] {
  const isMention = new Set(mentions.map((m) => m.at));
  const stop = (i: number): boolean => isMention.has(i) || JOINS.has(tokens.folded[i] ?? '');
  const own = mentions.map((m) => ({
    welcome: cueNear(tokens, m.at, m.at, NOT_REQUIRED, { before: 4, after: 5, stop }) >= 0,
    level: m.skill || cueNear(tokens, m.at, m.at, LEVEL, { before: 4, after: 5, stop }) >= 0,
  }));
  const clauseHasLevel = (m: Mention): boolean =>
    cueNear(tokens, m.at, m.at, LEVEL, { before: tokens.count, after: tokens.count }) >= 0;
  const result: Status[] = new Array<Status>(mentions.length).fill('named');
  // From the last to the first: a bare mention takes the word of the next one in its clause
  // ("German and English are a plus"), else of its whole clause ("fluent in English and German").
  for (let k = mentions.length - 1; k >= 0; k -= 1) {
    const m = mentions[k];
    const next = mentions[k + 1];
    const mine = own[k];
    if (!m || !mine) continue;
    if (mine.welcome) result[k] = 'welcome';
    else if (mine.level) result[k] = 'asked';
    else if (next && tokens.clause[next.at] === tokens.clause[m.at])
      result[k] = result[k + 1] ?? 'named';
    else result[k] = clauseHasLevel(m) ? 'asked' : 'named';
  }
  return result;
}

/** The languages a description asks for, and those it only welcomes. */
export function readLanguages(tokens: Tokens): LanguagesRead {
  const mentions = mentionsOf(tokens);
  const status = statuses(tokens, mentions);
  const asked: LanguageAsk[] = [];
  const welcome = new Set<FitLanguageCode>();
  for (let k = 0; k < mentions.length; k += 1) {
    const m = mentions[k];
    if (!m) continue;
    if (status[k] === 'welcome') welcome.add(m.code);
    if (status[k] !== 'asked') continue;
    const previous = asked[asked.length - 1];
    const joinedByOr =
      previous?.range &&
      previous.range[1] === m.at - 2 &&
      ALTERNATIVES.has(tokens.folded[m.at - 1] ?? '');
    if (previous && joinedByOr) {
      previous.codes.push(m.code);
      previous.range = [previous.range?.[0] ?? m.at, m.at];
    } else asked.push({ codes: [m.code], range: [m.at, m.at] });
  }
  const named = new Set(mentions.filter((_, k) => status[k] !== 'named').map((m) => m.code));
  // A description is written for readers of its language: that one is asked unless the text
  // says otherwise of it.
  if (tokens.written && !named.has(tokens.written))
    asked.push({ codes: [tokens.written], range: null });
  return {
    asked,
    welcome: [...welcome].filter((code) => !asked.some((a) => a.codes.includes(code))),
  };
}
