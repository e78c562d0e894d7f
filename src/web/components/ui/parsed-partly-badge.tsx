import { OVERVIEW_FIELD_LABELS, type OverviewField } from '../../../contract/overview-fields';
import { Badge } from './badge';
import { Tooltip } from './tooltip';

/**
 * Issue 32's mark on a batch (and its query runs) whose markup drift verdict names a field the
 * site stopped giving: "parsed partly", the fields named on hover and keyboard focus, and read
 * out with the badge by a screen reader. Nothing for a batch that parsed fully.
 */
export function ParsedPartlyBadge({ fields }: { fields: readonly OverviewField[] }) {
  if (fields.length === 0) return null;
  const names = fields.map((field) => OVERVIEW_FIELD_LABELS[field]).join(', ');
  const why = `The site’s pages no longer gave ${fields.length === 1 ? 'this field' : 'these fields'}: ${names}. See the Overview’s site health.`;
  return (
    <Tooltip content={why}>
      <Badge tone="amber" data-testid="parsed-partly" className="whitespace-nowrap">
        parsed partly<span className="sr-only">: {names}</span>
      </Badge>
    </Tooltip>
  );
}
