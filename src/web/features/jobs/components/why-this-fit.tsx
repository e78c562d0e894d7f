import { Ban, Check, CircleHelp, X, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import {
  FIT_DEALBREAKER_CAP,
  FIT_LANGUAGE_MISS_CAP,
  type FitEvidence,
  type FitPart,
  type JobFit,
} from '../../../../contract/fit';
import { FitBadge } from '../../../components/fit/fit-band';
import { cn } from '../../../lib/cn';

// "Why this fit" (issue 40): each part of a job's score against each profile that scores it,
// matched, missed or unknown in words and by icon, its points of its weight, and the sentences it
// rests on with the words found marked. Its own chunk: the panel opens without it.

type Outcome = FitPart['outcome'];

interface OutcomeLook {
  word: string;
  icon: LucideIcon;
  className: string;
}

const OUTCOMES: Readonly<Record<Outcome, OutcomeLook>> = {
  yes: { word: 'Matched', icon: Check, className: 'text-success-fg' },
  no: { word: 'Missed', icon: X, className: 'text-danger-fg' },
  unknown: { word: 'Unknown', icon: CircleHelp, className: 'text-fg-muted' },
};

// A dealbreaker's "yes" is the bad news: it was found.
const DEALBREAKER_OUTCOMES: Readonly<Record<Outcome, OutcomeLook>> = {
  yes: { word: 'Found', icon: Ban, className: 'text-danger-fg' },
  no: { word: 'Not found', icon: Check, className: 'text-success-fg' },
  unknown: { word: 'Unknown', icon: CircleHelp, className: 'text-fg-muted' },
};

const FIELD_WORDS: Readonly<Record<FitEvidence['field'], string>> = {
  title: 'Title',
  company: 'Company',
  description: 'Description',
  location: 'Location',
  salary: 'Salary',
  seniority: 'Seniority',
  workplace: 'Workplace',
};

/** Points as a person reads them: whole, or to one decimal. */
export function points(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** The evidence's text with its marked ranges in <mark>, built from text nodes only. */
export function markedParts(
  text: string,
  marks: readonly (readonly [number, number])[],
): { text: string; mark: boolean }[] {
  const ranges = [...marks]
    .map(([a, b]) => [Math.max(0, a), Math.min(text.length, b)] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const parts: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) parts.push({ text: text.slice(at, from), mark: false });
    const last = parts.at(-1);
    // Ranges that overlap or touch are one mark.
    if (from === at && last?.mark) last.text += text.slice(from, end);
    else parts.push({ text: text.slice(from, end), mark: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

export function WhyThisFit({ fits }: { fits: readonly JobFit[] }) {
  return (
    <section aria-labelledby="job-fit-heading" className="mt-6">
      <h3 id="job-fit-heading" className="mb-2 text-sm font-semibold text-fg">
        Why this fit
      </h3>
      <div className="flex flex-col gap-4">
        {fits.map((fit) => (
          <ProfileFit key={fit.profile_id} fit={fit} />
        ))}
      </div>
    </section>
  );
}

/** What held the score down, said plainly: a dealbreaker, a language the operator lacks. */
function caps(fit: JobFit): string[] {
  const said: string[] = [];
  const found = fit.parts.filter((p) => p.kind === 'dealbreaker' && p.outcome === 'yes');
  if (fit.dealbreaker)
    said.push(
      `A dealbreaker is in this job (${found.map((p) => p.label.replace(/^Dealbreaker: /, '')).join(', ')}): its score is held at ${FIT_DEALBREAKER_CAP} at most, in Poor, whatever else fits.`,
    );
  if (fit.parts.some((p) => p.kind === 'language' && p.outcome === 'no'))
    said.push(
      `It asks for a language you do not speak: its score is held at ${FIT_LANGUAGE_MISS_CAP} at most, below Good.`,
    );
  return said;
}

function ProfileFit({ fit }: { fit: JobFit }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-line-soft p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="font-medium text-fg [overflow-wrap:anywhere]">
          {fit.profile_name}
        </h4>
        <FitBadge fit={fit} />
      </div>
      {caps(fit).map((line) => (
        <p key={line} className="mt-2 text-sm font-medium text-danger-fg">
          {line}
        </p>
      ))}
      {fit.source === 'card' ? (
        <p className="mt-2 text-xs text-fg-muted">
          Scored from the search card: the description is not read yet, so what it would say counts
          as unknown.
        </p>
      ) : null}
      <ul
        aria-label={`Parts of the ${fit.profile_name} score`}
        className="mt-3 flex flex-col gap-3"
      >
        {fit.parts.map((part, i) => (
          <PartItem key={`${part.kind}:${i}`} part={part} />
        ))}
      </ul>
    </article>
  );
}

function PartItem({ part }: { part: FitPart }) {
  const look = (part.kind === 'dealbreaker' ? DEALBREAKER_OUTCOMES : OUTCOMES)[part.outcome];
  const Icon = look.icon;
  return (
    <li className="flex gap-2 text-sm">
      <Icon className={cn('mt-0.5 size-4 shrink-0', look.className)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="text-fg-soft [overflow-wrap:anywhere]">
            <span className={cn('font-medium', look.className)}>{look.word}</span>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">: </span>
            {part.label}
          </p>
          {part.kind === 'dealbreaker' ? null : (
            <span className="whitespace-nowrap text-xs tabular-nums text-fg-muted">
              {`${points(part.points)} of ${points(part.weight)} points`}
            </span>
          )}
        </div>
        {part.evidence.map((e, i) => (
          <Evidence key={i} evidence={e} />
        ))}
      </div>
    </li>
  );
}

function Evidence({ evidence }: { evidence: FitEvidence }): ReactNode {
  return (
    <blockquote className="mt-1 border-l-2 border-line pl-3 text-xs leading-relaxed text-fg-muted [overflow-wrap:anywhere]">
      <span className="font-medium text-fg-subtle">{FIELD_WORDS[evidence.field]}: </span>
      {markedParts(evidence.text, evidence.marks).map((p, i) =>
        p.mark ? (
          <mark key={i} className="rounded-sm bg-tone-amber-bg px-0.5 text-fg">
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </blockquote>
  );
}
