import { useId } from 'react';
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type Application,
  type ApplicationStage,
} from '../../../../contract/pipeline';
import { fieldClasses, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { STAGE_SWITCHER_ID, type CardsView } from '../moving';
import { ApplicationCard } from './application-card';
import { ShowAll, useFirstPage } from './show-all';

/**
 * Below 640 px the board is one stage at a time: a switcher with every stage's count (a native
 * select, so the phone's own picker opens), then that stage's first page of cards, each moved by
 * its menu, and "Show all N" (decision 059: the page stays a few screens long). Its own chunk,
 * with the cards' menu, loaded once there are cards to show.
 */
export function PhoneStage({
  stage,
  onStage,
  columns,
  now,
  openTo,
  onMove,
  allShown,
  onShowAll,
  pinnedId,
  undo,
}: CardsView & { stage: ApplicationStage; onStage: (stage: ApplicationStage) => void }) {
  const headingId = useId();
  const cards = columns.get(stage) ?? [];
  const { list, shown, revealAll } = useFirstPage<Application, HTMLUListElement>(cards, {
    showAll: allShown.has(stage),
    pinnedId,
    onShowAll: () => onShowAll(stage),
  });
  const label = APPLICATION_STAGE_LABELS[stage];
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
          {label}{' '}
          <span className="font-normal text-fg-muted">
            · {cards.length} {cards.length === 1 ? 'application' : 'applications'}
          </span>
        </h2>
        {cards.length === 0 ? (
          <p className="rounded-md border border-dashed border-line px-3 py-6 text-center text-sm text-fg-subtle">
            No applications in {label}.
          </p>
        ) : (
          <ul ref={list} className="flex flex-col gap-2">
            {shown.map((a) => (
              <li key={a.job_id}>
                <ApplicationCard
                  application={a}
                  now={now}
                  openTo={openTo(a.job_id)}
                  onMove={onMove}
                  undo={undo?.jobId === a.job_id ? undo : null}
                />
              </li>
            ))}
          </ul>
        )}
        {shown.length < cards.length ? (
          <ShowAll total={cards.length} where={`applications in ${label}`} onShowAll={revealAll} />
        ) : null}
      </section>
    </div>
  );
}
