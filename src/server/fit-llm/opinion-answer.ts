import { z } from 'zod';
import { indexWords } from '../../contract/text-fold';
import {
  FIT_LLM_POINT_MAX,
  FIT_LLM_POINTS_MAX,
  FIT_LLM_QUOTE_MAX,
  FIT_LLM_SCORE_MAX,
  FIT_LLM_VERDICT_MAX,
  type SecondOpinionPoint,
} from '../../contract/fit-llm';

// Reading the model's answer (docs/decisions/067). Whatever response_format was asked, the
// content is parsed here: a model may wrap its JSON in a code fence or talk around it, send the
// score as text, or invent quotes. A quote is kept only when its words, folded as the search index
// folds them (case, accents, spacing and punctuation), stand in that order in the job's title or
// description; the others are dropped with their point and counted.

const scoreSchema = z.union([
  z.number(),
  z
    .string()
    .regex(/^\s*\d+(\.\d+)?\s*$/)
    .transform(Number),
]);
const pointSchema = z.object({ point: z.string(), quote: z.string() });
const answerSchema = z.object({
  score: scoreSchema,
  verdict: z.string(),
  strengths: z.array(pointSchema),
  gaps: z.array(pointSchema),
});

export interface ParsedOpinion {
  score: number;
  verdict: string;
  strengths: SecondOpinionPoint[];
  gaps: SecondOpinionPoint[];
  droppedQuotes: number;
}

/** The answer could not be read as the opinion asked for. */
export class MalformedAnswer extends Error {}

/** The JSON object in a content that may wrap it in a code fence or in words. */
function jsonOf(content: string): unknown {
  const first = content.indexOf('{');
  const last = content.lastIndexOf('}');
  if (first < 0 || last < first) throw new MalformedAnswer('the answer holds no JSON object');
  try {
    return JSON.parse(content.slice(first, last + 1));
  } catch {
    throw new MalformedAnswer('the answer is not valid JSON');
  }
}

const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The job's words as one folded string, for finding quotes in it. */
export function foldedJobText(title: string, description: string | null): string {
  return ` ${indexWords(`${title}\n${description ?? ''}`).join(' ')} `;
}

/** Whether the quote's words stand, in order and together, in the job's folded text. */
export function quoteFound(quote: string, folded: string): boolean {
  const words = indexWords(quote);
  return words.length > 0 && folded.includes(` ${words.join(' ')} `);
}

/** The model's content read and its quotes checked against the job's folded text. */
export function parseOpinion(content: string, foldedJob: string): ParsedOpinion {
  const parsed = answerSchema.safeParse(jsonOf(content));
  if (!parsed.success) throw new MalformedAnswer('the answer is not the opinion asked for');
  const answer = parsed.data;
  if (!Number.isFinite(answer.score)) throw new MalformedAnswer('the score is not a number');
  let dropped = 0;
  const keep = (points: Array<z.infer<typeof pointSchema>>): SecondOpinionPoint[] => {
    const kept: SecondOpinionPoint[] = [];
    for (const p of points) {
      const quote = p.quote.trim().slice(0, FIT_LLM_QUOTE_MAX);
      if (!quoteFound(quote, foldedJob)) dropped += 1;
      else if (kept.length < FIT_LLM_POINTS_MAX)
        kept.push({ point: oneLine(p.point, FIT_LLM_POINT_MAX), quote });
    }
    return kept;
  };
  const strengths = keep(answer.strengths);
  const gaps = keep(answer.gaps);
  return {
    score: Math.min(FIT_LLM_SCORE_MAX, Math.max(0, Math.round(answer.score))),
    verdict: oneLine(answer.verdict, FIT_LLM_VERDICT_MAX),
    strengths,
    gaps,
    droppedQuotes: dropped,
  };
}
