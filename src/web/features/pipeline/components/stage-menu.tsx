import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type Application,
  type ApplicationStage,
} from '../../../../contract/pipeline';
import { fieldClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import type { MoveHandler } from '../moving';

const isStage = (value: string): value is ApplicationStage =>
  APPLICATION_STAGES.some((s) => s === value);

/**
 * "Move to…": the way to move a card without dragging it, and the only one on a phone. A native
 * select, so a phone opens its own picker and a screen reader says "Move Data Analyst to, Applied".
 */
export function StageMenu({
  application,
  onMove,
  disabled = false,
  className,
}: {
  application: Application;
  onMove: MoveHandler;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <select
      aria-label={`Move ${application.title} to`}
      className={cn(fieldClasses, 'h-8 w-auto max-w-full py-0 pr-7 text-xs text-fg', className)}
      // The select always shows "Move to…": it is an action, not a field holding the stage.
      value=""
      disabled={disabled}
      onChange={(event) => {
        const stage = event.target.value;
        if (isStage(stage) && stage !== application.stage) onMove(application, stage, 'menu');
      }}
    >
      <option value="" disabled>
        Move to…
      </option>
      {APPLICATION_STAGES.map((stage) => (
        <option key={stage} value={stage} disabled={stage === application.stage}>
          {APPLICATION_STAGE_LABELS[stage]}
          {stage === application.stage ? ' (now)' : ''}
        </option>
      ))}
    </select>
  );
}
