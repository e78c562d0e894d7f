import { salaryFigures, type SalaryFigures } from '../contract/salary-figures';
import type { WordRange } from './evidence';
import { CUE_PAY } from './cue-words';
import type { Tokens } from './tokens';

// A job's pay as one yearly figure: the salary the site shows, else a sentence of the description
// that names one ("Salary: €70,000 – €85,000 per year", "Jahresgehalt 65.000–80.000 EUR brutto").

export type SalaryRead =
  | { from: 'salary'; figures: SalaryFigures }
  | { from: 'description'; figures: SalaryFigures; range: WordRange };

/** The first pay sentence of a description that salaryFigures can read. */
function fromDescription(tokens: Tokens): SalaryRead | null {
  let tried = -1;
  for (let k = 0; k < tokens.cued.length; k += 1) {
    const i = tokens.cued[k] ?? 0;
    const which = tokens.sentence[i] ?? 0;
    if (which === tried || !((tokens.cues[k] ?? 0) & CUE_PAY)) continue;
    tried = which;
    let first = i;
    while (first > 0 && tokens.sentence[first - 1] === which) first -= 1;
    let last = i;
    while (last + 1 < tokens.count && tokens.sentence[last + 1] === which) last += 1;
    // From the end of the sentence before to the start of the next: "€70,000" keeps its sign.
    const from = first > 0 ? (tokens.ends[first - 1] ?? 0) : 0;
    const to = last + 1 < tokens.count ? (tokens.starts[last + 1] ?? 0) : tokens.text.length;
    const figures = salaryFigures(tokens.text.slice(from, to));
    if (figures) return { from: 'description', figures, range: [first, last] };
  }
  return null;
}

export function readSalary(salary: string | null, description: Tokens | null): SalaryRead | null {
  const figures = salaryFigures(salary);
  if (figures) return { from: 'salary', figures };
  return description ? fromDescription(description) : null;
}
