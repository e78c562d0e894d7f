import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Undo2 } from 'lucide-react';
import { APPLICATION_STAGE_LABELS, APPLICATION_STAGES } from '../../../../contract/pipeline';
import { MoveButtonFace, moveButtonProps, type StageMenuProps } from './move-button';

const ITEM =
  'flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-sm text-fg outline-none select-none data-[disabled]:text-fg-subtle data-[highlighted]:bg-surface-hover';

/**
 * The Move menu itself: Radix's dropdown menu (arrow keys, typeahead, Escape, the focus back on
 * its button), open as it mounts, since it mounts when its button is first pressed.
 */
export function StageMenuPopup({ application, onMove, undo, className }: StageMenuProps) {
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger {...moveButtonProps(application, className)}>
        <MoveButtonFace />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 min-w-44 rounded-md border border-line bg-surface p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs font-medium text-fg-muted">
            Move to
          </DropdownMenu.Label>
          {APPLICATION_STAGES.map((stage) => (
            <DropdownMenu.Item
              key={stage}
              className={ITEM}
              disabled={stage === application.stage}
              onSelect={() => onMove(application, stage, 'menu')}
            >
              {APPLICATION_STAGE_LABELS[stage]}
              {stage === application.stage ? ' (now)' : ''}
            </DropdownMenu.Item>
          ))}
          {undo ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-line-soft" />
              <DropdownMenu.Item className={ITEM} onSelect={undo.undo}>
                <Undo2 className="size-4" aria-hidden="true" />
                {undo.label}
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
