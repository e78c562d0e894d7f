import { useId } from 'react';
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type Application,
  type ApplicationStage,
} from '../../../../contract/pipeline';
import { fieldClasses, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { STAGE_SWITCHER_ID, type MoveHandler } from '../moving';
import { ApplicationCard } from './application-card';

/** The stage a phone opens on: the first that holds a card, else Saved. */
export function firstStageWithCards(
  columns: ReadonlyMap<ApplicationStage, readonly Application[]>,
): ApplicationStage {
  return APPLICATION_STAGES.find((s) => (columns.get(s)?.length ?? 0) > 0) ?? 'saved';
}

/**
 * Below 640 px the board is one stage at a time: a switcher with every stage's count (a native
 * select, so the phone's own picker opens), then that stage's cards, each moved by its menu.
 */
export function PhoneStage({
  columns,
  stage,
  onStage,
  now,
  openTo,
  onMove,
}: {
  columns: ReadonlyMap<ApplicationStage, readonly Application[]>;
  stage: ApplicationStage;
  onStage: (stage: ApplicationStage) => void;
  now: number;
  openTo: (jobId: number) => string;
  onMove: MoveHandler;
}) {
  const headingId = useId();
  const cards = columns.get(stage) ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={STAGE_SWITCHER_ID}>Stage</Label>
        <select
          id={STAGE_SWITCHER_ID}
          className={cn(fieldClasses, 'h-10 py-1 text-fg')}
          value={stage}
          onChange={(e) => {
            const next = APPLICATION_STAGES.find((s) => s === e.target.value);
            if (next) onStage(next);
          }}
        >
          {APPLICATION_STAGES.map((s) => (
            <option key={s} value={s}>
              {`${APPLICATION_STAGE_LABELS[s]} (${columns.get(s)?.length ?? 0})`}
            </option>
          ))}
        </select>
      </div>
      <section
        aria-labelledby={headingId}
        data-stage={stage}
        className="flex min-w-0 flex-col gap-2"
      >
        <h2 id={headingId} className="text-sm font-semibold text-fg">
          {APPLICATION_STAGE_LABELS[stage]}{' '}
          <span className="font-normal text-fg-muted">
            · {cards.length} {cards.length === 1 ? 'application' : 'applications'}
          </span>
        </h2>
        {cards.length === 0 ? (
          <p className="rounded-md border border-dashed border-line px-3 py-6 text-center text-sm text-fg-subtle">
            No applications in {APPLICATION_STAGE_LABELS[stage]}.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {cards.map((a) => (
              <li key={a.job_id}>
                <ApplicationCard
                  application={a}
                  now={now}
                  openTo={openTo(a.job_id)}
                  onMove={onMove}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
