import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import {
  FIT_SUGGEST_MIN_JOBS,
  type FitProfile,
  type FitSuggestion,
} from '../../../../contract/fit';
import type { FitSuggestions } from '../../../../contract/fit-api';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { fieldClasses } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toaster';
import { cn } from '../../../lib/cn';
import { useFitSuggestions } from '../api/get-fit-suggestions';
import { useSaveFitProfile, writeBodyOf } from '../api/save-fit-profile';

/** "in 31 of 40 saved, 2 of 120 hidden". */
export function countsLine(s: FitSuggestion): string {
  return `in ${s.saved} of ${s.saved_of} saved, ${s.hidden} of ${s.hidden_of} hidden`;
}

/** What is still missing before suggestions come: "8 more saved or applied and 5 more hidden". */
export function stillNeeded({ saved_of, hidden_of }: FitSuggestions): string {
  const saved = Math.max(0, FIT_SUGGEST_MIN_JOBS - saved_of);
  const hidden = Math.max(0, FIT_SUGGEST_MIN_JOBS - hidden_of);
  return [
    saved > 0 ? `${saved.toLocaleString()} more saved or applied` : '',
    hidden > 0 ? `${hidden.toLocaleString()} more hidden` : '',
  ]
    .filter(Boolean)
    .join(' and ');
}

/**
 * Profile changes the operator's own triage suggests, with their counts: each is added by its
 * own button, and nothing changes without that click.
 */
export function SuggestionsCard({ profiles }: { profiles: FitProfile[] }) {
  const selectId = useId();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const profile = profiles.find((p) => p.id === chosenId) ?? profiles[0];
  if (!profile) return null;
  return (
    <Card aria-labelledby="fit-suggestions-title">
      <CardHeader>
        <CardTitle id="fit-suggestions-title">Suggestions from your triage</CardTitle>
        <p className="text-sm text-fg-muted">
          Words much more common in the jobs you saved or applied to than in those you hid, and the
          reverse: a plus skill, or a dealbreaker?
        </p>
        {profiles.length > 1 ? (
          <div className="mt-2 flex items-center gap-2">
            <label htmlFor={selectId} className="text-sm font-medium text-fg-muted">
              For
            </label>
            <select
              id={selectId}
              className={cn(fieldClasses, 'h-9 w-auto py-1')}
              value={profile.id}
              onChange={(e) => setChosenId(Number(e.target.value))}
            >
              {profiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </CardHeader>
      <Suggestions key={profile.id} profile={profile} />
    </Card>
  );
}

function Suggestions({ profile }: { profile: FitProfile }) {
  const suggestions = useFitSuggestions(profile.id);
  const save = useSaveFitProfile();
  const toast = useToast();
  if (suggestions.isPending) {
    return (
      <div role="status" aria-label="Loading suggestions" className="px-5 py-6">
        <Spinner />
      </div>
    );
  }
  if (suggestions.isError) {
    return (
      <ErrorAlert className="m-5">{`Error loading suggestions: ${suggestions.error.message}`}</ErrorAlert>
    );
  }
  const data = suggestions.data;
  if (!data.ready) {
    return (
      <p className="px-5 py-4 text-sm text-fg-muted">
        {`Suggestions come once at least ${FIT_SUGGEST_MIN_JOBS} of the jobs this profile scores are saved or applied to, and ${FIT_SUGGEST_MIN_JOBS} hidden (now ${data.saved_of.toLocaleString()} and ${data.hidden_of.toLocaleString()}): ${stillNeeded(data)} are needed.`}
      </p>
    );
  }
  const add = (s: FitSuggestion) => {
    const list = s.kind === 'plus_skill' ? 'plus_skills' : 'dealbreakers';
    const body = writeBodyOf(profile);
    save.mutate(
      { id: profile.id, body: { ...body, [list]: [...body[list], s.term] } },
      {
        onSuccess: () =>
          toast(
            `Added “${s.term}” to the ${s.kind === 'plus_skill' ? 'plus skills' : 'dealbreakers'} of ${profile.name}`,
          ),
      },
    );
  };
  const plus = data.items.filter((s) => s.kind === 'plus_skill');
  const dealbreakers = data.items.filter((s) => s.kind === 'dealbreaker');
  return (
    <div className="flex flex-col gap-4 px-5 py-4">
      {save.isError ? (
        <ErrorAlert>{`Could not change ${profile.name}: ${save.error.message}`}</ErrorAlert>
      ) : null}
      {data.items.length === 0 ? (
        <p className="text-sm text-fg-muted">
          Nothing stands out yet: your saved and hidden jobs use much the same words.
        </p>
      ) : null}
      <SuggestionList
        title="A plus skill?"
        action="Add as plus skill"
        items={plus}
        busy={save.isPending}
        onAdd={add}
      />
      <SuggestionList
        title="A dealbreaker?"
        action="Add as dealbreaker"
        items={dealbreakers}
        busy={save.isPending}
        onAdd={add}
      />
    </div>
  );
}

function SuggestionList({
  title,
  action,
  items,
  busy,
  onAdd,
}: {
  title: string;
  action: string;
  items: FitSuggestion[];
  busy: boolean;
  onAdd: (s: FitSuggestion) => void;
}) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-fg">
        {title}
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-line-soft">
        {items.map((s) => (
          <li
            key={`${s.kind}:${s.term}`}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
          >
            <div className="min-w-0">
              <span className="font-medium text-fg [overflow-wrap:anywhere]">{s.term}</span>
              <span className="ml-2 text-sm text-fg-muted">{countsLine(s)}</span>
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              aria-label={`${action}: ${s.term}`}
              onClick={() => onAdd(s)}
            >
              <Plus aria-hidden="true" />
              {action}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
