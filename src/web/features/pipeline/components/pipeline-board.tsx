import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { memo, useMemo, useRef, useState } from 'react';
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type Application,
  type ApplicationStage,
} from '../../../../contract/pipeline';
import { cn } from '../../../lib/cn';
import type { CardsView, MoveHandler, UndoOffer } from '../moving';
import { ApplicationCard } from './application-card';
import { ShowAll, useFirstPage } from './show-all';

// The board's drag and drop (@dnd-kit/core) lives in this file alone, which the screen imports
// lazily: the table, a phone and the first paint do not wait for it (DESIGN.md's 150 kB). Each
// column draws its first page of cards, then "Show all N" (decision 059): every card drawn is a
// real one in the DOM, so dnd-kit's keyboard drag, the focus that follows a moved card and the
// Tab order work as with a few cards.

/**
 * A card out of view costs no layout or paint (content-visibility), sized meanwhile as a card
 * of three lines: a column of 12 lays out the four or so it shows (decision 059).
 */
const OFF_VIEW_SKIPPED = '[content-visibility:auto] [contain-intrinsic-size:auto_8rem]';

const isStage = (id: UniqueIdentifier | undefined): id is ApplicationStage =>
  APPLICATION_STAGES.some((s) => s === id);

const label = (stage: ApplicationStage) => APPLICATION_STAGE_LABELS[stage];

/** Said to a screen reader when a handle takes the focus (dnd-kit's aria-describedby). */
export const DRAG_INSTRUCTIONS =
  'To move this application to another stage, press Space or Enter to pick it up, the left and right arrow keys to choose the stage, then Space or Enter to drop it there. Escape puts it back. The Move to menu does the same without dragging.';

/**
 * Left and right arrows carry a picked-up card to the stage beside the one it is over, whatever
 * the columns' widths: its box is put over that column's middle, where the collision finds it.
 */
function stageByStage(
  stageOf: (id: UniqueIdentifier) => ApplicationStage | undefined,
): KeyboardCoordinateGetter {
  return (event, { active, context, currentCoordinates }) => {
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return undefined;
    event.preventDefault();
    const overId = context.over?.id ?? stageOf(active);
    const from = isStage(overId) ? APPLICATION_STAGES.indexOf(overId) : -1;
    const target = APPLICATION_STAGES[from + step];
    const rect = target ? context.droppableRects.get(target) : undefined;
    if (from === -1 || !rect) return currentCoordinates;
    const width = context.collisionRect?.width ?? 0;
    return { x: rect.left + (rect.width - width) / 2, y: currentCoordinates.y };
  };
}

/** The pointer decides where a mouse or a finger drops; the card's box, for the keyboard. */
const collisions: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};

/** A column per stage, in board order, with its count; cards move by drag and drop. */
export function PipelineBoard({
  columns,
  now,
  openTo,
  onMove,
  allShown,
  onShowAll,
  pinnedId,
  undo,
}: CardsView) {
  const byId = useMemo(() => {
    const all = new Map<UniqueIdentifier, Application>();
    for (const cards of columns.values()) for (const a of cards) all.set(a.job_id, a);
    return all;
  }, [columns]);
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const active = activeId === null ? undefined : byId.get(activeId);

  const keyboardCoordinates = useMemo(() => stageByStage((id) => byId.get(id)?.stage), [byId]);
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the title or the menu stays a click.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A held finger drags; a moving one still scrolls the column.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const leftHome = useRef(false);
  const title = (id: UniqueIdentifier) => byId.get(id)?.title ?? 'The application';
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => {
      leftHome.current = false;
      const card = byId.get(a.id);
      return card ? `Picked up ${card.title}, in ${label(card.stage)}.` : undefined;
    },
    onDragOver: ({ active: a, over }) => {
      const home = byId.get(a.id)?.stage;
      // Over its own column as the drag starts: "Picked up" has said where it is.
      if (over?.id === home && !leftHome.current) return undefined;
      leftHome.current = true;
      return isStage(over?.id)
        ? `${title(a.id)} is over ${label(over.id)}.`
        : `${title(a.id)} is over no stage.`;
    },
    onDragEnd: ({ active: a, over }) => {
      const card = byId.get(a.id);
      if (!card) return undefined;
      if (!isStage(over?.id) || over.id === card.stage)
        return `${card.title} was dropped back in ${label(card.stage)}.`;
      return `${card.title} was moved from ${label(card.stage)} to ${label(over.id)}.`;
    },
    onDragCancel: ({ active: a }) => {
      const card = byId.get(a.id);
      return card
        ? `Moving ${card.title} was cancelled; it stays in ${label(card.stage)}.`
        : undefined;
    },
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
      onDragStart={({ active: a }) => setActiveId(a.id)}
      onDragCancel={() => setActiveId(null)}
      onDragEnd={({ active: a, over, activatorEvent }) => {
        setActiveId(null);
        const card = byId.get(a.id);
        if (card && isStage(over?.id) && over.id !== card.stage)
          onMove(card, over.id, activatorEvent instanceof KeyboardEvent ? 'handle' : null);
      }}
    >
      {/* The columns scroll sideways inside this box; each column scrolls its own cards. */}
      <div
        role="group"
        aria-label="Board"
        // relative: the headings' screen-reader text (absolute) stays inside this box instead of
        // widening the page from the columns scrolled out of view.
        className="relative flex min-w-0 items-stretch gap-3 overflow-x-auto pb-3"
      >
        {APPLICATION_STAGES.map((stage) => {
          const cards = columns.get(stage) ?? [];
          return (
            <BoardColumn
              key={stage}
              stage={stage}
              cards={cards}
              now={now}
              openTo={openTo}
              onMove={onMove}
              activeId={activeId}
              showAll={allShown.has(stage)}
              onShowAll={onShowAll}
              pinnedId={pinnedId}
              undo={undo !== null && cards.some((a) => a.job_id === undo.jobId) ? undo : null}
            />
          );
        })}
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <ApplicationCard
            application={active}
            now={now}
            openTo={openTo(active.job_id)}
            onMove={onMove}
            handle={<HandleIcon />}
            className="w-72 rotate-1 shadow-lg ring-2 ring-focus"
          />
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function BoardColumn({
  stage,
  cards,
  now,
  openTo,
  onMove,
  activeId,
  showAll,
  onShowAll,
  pinnedId,
  undo,
}: {
  stage: ApplicationStage;
  cards: readonly Application[];
  now: number;
  openTo: (jobId: number) => string;
  onMove: MoveHandler;
  activeId: UniqueIdentifier | null;
  showAll: boolean;
  onShowAll: (stage: ApplicationStage) => void;
  pinnedId: number | null;
  undo: UndoOffer | null;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const headingId = `pipeline-column-${stage}`;
  const { list, shown, revealAll } = useFirstPage<Application, HTMLUListElement>(cards, {
    showAll,
    pinnedId,
    onShowAll: () => onShowAll(stage),
  });
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-stage={stage}
      className={cn(
        'flex w-72 shrink-0 flex-col rounded-lg border border-line bg-surface-muted transition-colors',
        isOver && 'border-focus bg-surface-hover',
      )}
    >
      <h2
        id={headingId}
        className="flex items-center justify-between gap-2 border-b border-line-soft px-3 py-2 text-sm font-semibold text-fg"
      >
        {/* One text for a screen reader ("Applied, 2 applications": browsers put a space
            around a positioned piece), the name and the count badge for the eye. */}
        <span className="sr-only">{`${label(stage)}, ${cards.length} ${cards.length === 1 ? 'application' : 'applications'}`}</span>
        <span aria-hidden="true">{label(stage)}</span>
        <span
          aria-hidden="true"
          className="rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-fg-muted ring-1 ring-line"
        >
          {cards.length}
        </span>
      </h2>
      <ul
        ref={list}
        className="relative flex max-h-[calc(100dvh-18rem)] min-h-24 flex-col gap-2 overflow-y-auto p-2"
      >
        {shown.map((a) => (
          // The cards scrolled out of the column's view are not laid out until they come in.
          <li key={a.job_id} className={OFF_VIEW_SKIPPED}>
            <DraggableCard
              application={a}
              now={now}
              openTo={openTo(a.job_id)}
              onMove={onMove}
              lifted={activeId === a.job_id}
              undo={undo?.jobId === a.job_id ? undo : null}
            />
          </li>
        ))}
        {cards.length === 0 ? (
          <li className="px-1 py-4 text-center text-xs text-fg-subtle">No applications</li>
        ) : null}
        {shown.length < cards.length ? (
          <li className="flex justify-center py-1">
            <ShowAll
              total={cards.length}
              where={`applications in ${label(stage)}`}
              onShowAll={revealAll}
            />
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/**
 * A drop re-renders every draggable (dnd-kit's context changes), but only the wrapper: the card
 * itself is memoised, its handle too, so a card the move did not change is not drawn again (a
 * keyboard move shown within 100 ms with 108 cards on the board, decision 059).
 */
const DraggableCard = memo(function DraggableCard({
  application,
  now,
  openTo,
  onMove,
  lifted,
  undo,
}: {
  application: Application;
  now: number;
  openTo: string;
  onMove: MoveHandler;
  lifted: boolean;
  undo: UndoOffer | null;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = useDraggable({
    id: application.job_id,
  });
  const handle = useMemo(
    () => (
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        aria-label={`Drag ${application.title}`}
        className="-ml-1 mt-px shrink-0 cursor-grab rounded p-0.5 text-fg-subtle hover:bg-surface-hover hover:text-fg-soft focus-visible:outline-2 focus-visible:outline-focus"
      >
        <GripVertical className="size-4" aria-hidden="true" />
      </button>
    ),
    [setActivatorNodeRef, attributes, application.title],
  );
  return (
    // The mouse and a finger drag the whole card; the keyboard picks it up by its handle alone
    // (dnd-kit starts a keyboard drag only from the activator node).
    <div
      ref={setNodeRef}
      {...listeners}
      className={cn('touch-manipulation', lifted && 'opacity-40')}
    >
      <MemoCard
        application={application}
        now={now}
        openTo={openTo}
        onMove={onMove}
        undo={undo}
        handle={handle}
      />
    </div>
  );
});

const MemoCard = memo(ApplicationCard);

function HandleIcon() {
  return (
    <span className="-ml-1 mt-px shrink-0 p-0.5 text-fg-subtle">
      <GripVertical className="size-4" aria-hidden="true" />
    </span>
  );
}
