import { z } from 'zod';
import type { ParseContext } from './parse-search-cards';
import { SiteError } from './site-error';
import type { Company, TypeaheadHit } from './types';

const typeaheadHits = z.array(
  z.object({
    id: z.union([z.string().min(1), z.number().int()]).transform(String),
    displayName: z.string().min(1),
    type: z.string().optional(),
  }),
);

const companyFields = z.object({ name: z.string().min(1), universalName: z.string().min(1) });
// The normalized+json answer keeps the entity under `data`; plain JSON has it at the top.
const companyAnswer = z.union([
  z.object({ data: companyFields }).transform((a) => a.data),
  companyFields,
  z.object({ included: z.array(z.unknown()) }).transform((a) => {
    for (const item of a.included) {
      const parsed = companyFields.safeParse(item);
      if (parsed.success) return parsed.data;
    }
    return null;
  }),
]);

function parseJson(text: string, what: string, context: ParseContext): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SiteError(
      'parse',
      `Could not parse ${context.siteName} ${what} at ${context.path}: the answer is not JSON`,
      { path: context.path },
    );
  }
}

/** The typeahead answer: a JSON array the site serves as text/plain. */
export function parseTypeahead(text: string, context: ParseContext): TypeaheadHit[] {
  const parsed = typeaheadHits.safeParse(parseJson(text, 'typeahead', context));
  if (!parsed.success) {
    throw new SiteError(
      'parse',
      `Could not parse ${context.siteName} typeahead at ${context.path}: expected a list of {id, displayName}`,
      {
        path: context.path,
      },
    );
  }
  return parsed.data.map(({ id, displayName }) => ({ id, displayName }));
}

export function parseCompany(text: string, id: string, context: ParseContext): Company {
  const parsed = companyAnswer.safeParse(parseJson(text, 'company', context));
  if (!parsed.success || parsed.data === null) {
    throw new SiteError(
      'parse',
      `Could not parse ${context.siteName} company at ${context.path}: missing name or universalName`,
      {
        path: context.path,
      },
    );
  }
  return { id, name: parsed.data.name, universalName: parsed.data.universalName };
}
