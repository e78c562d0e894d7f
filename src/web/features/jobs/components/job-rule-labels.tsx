import { BellOff, EyeOff, Tag } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import type { JobListItem } from '../api/jobs-schema';

type RuleFacts = Pick<JobListItem, 'flags' | 'hidden_by_rule' | 'muted_by_rule'>;

/** The labels of the flag rules a job matches, on a line of their own: coloured (theme tones), named for the rule. */
export function FlagLabels({ flags }: Pick<RuleFacts, 'flags'>) {
  if (flags.length === 0) return null;
  return (
    <div className="mt-1 flex max-w-full flex-wrap gap-1">
      {flags.map((flag) => (
        <Badge
          key={flag.rule_id}
          tone={flag.color}
          // One line, as the other badges; a name too long for the cell is cut (the hover text
          // has it whole).
          className="max-w-full gap-1 whitespace-nowrap"
          title={`Flagged by rule ${flag.name}`}
        >
          <Tag className="size-3 shrink-0" aria-hidden="true" />
          <span className="sr-only">Flag: </span>
          <span className="truncate">{flag.name}</span>
        </Badge>
      ))}
    </div>
  );
}

/** "Hidden by rule No senior roles", and a quiet mark for a job kept out of notifications. */
export function RuleReasons({ job }: { job: RuleFacts & { state: JobListItem['state'] } }) {
  const hidden = job.state === 'hidden' ? job.hidden_by_rule : null;
  const muted = job.muted_by_rule;
  if (!hidden && !muted) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-fg-muted">
      {hidden ? (
        <span className="inline-flex items-center gap-1">
          <EyeOff className="size-3.5 shrink-0" aria-hidden="true" />
          <span>
            Hidden by rule <em className="font-medium text-fg-soft">{hidden.name}</em>
          </span>
        </span>
      ) : null}
      {muted ? (
        <span className="inline-flex items-center gap-1" title="Left out of notifications">
          <BellOff className="size-3.5 shrink-0" aria-hidden="true" />
          <span>Muted by rule {muted.name}</span>
        </span>
      ) : null}
    </div>
  );
}
