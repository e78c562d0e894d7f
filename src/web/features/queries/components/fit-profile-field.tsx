import { useFitProfiles } from '../../../components/fit/fit-queries';
import { fieldClasses, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

/**
 * The fit profile a query's jobs are scored against (issue 40): the default one (null) unless a
 * named one is chosen. Shown only once a profile exists; SPEC.md's fields stay as they are.
 */
export function FitProfileField({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const profiles = useFitProfiles().data;
  if (!profiles || profiles.length === 0) return null;
  const fallback = profiles.find((p) => p.is_default);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="query-fit-profile">Fit profile</Label>
      <select
        id="query-fit-profile"
        aria-describedby="query-fit-profile-hint"
        className={cn(fieldClasses, 'h-9 py-1')}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">
          {fallback ? `Default profile · ${fallback.name}` : 'Default profile'}
        </option>
        {/* A profile this list no longer holds still shows as chosen. */}
        {value !== null && !profiles.some((p) => p.id === value) ? (
          <option value={value}>{`Profile #${value}`}</option>
        ) : null}
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <p id="query-fit-profile-hint" className="text-xs text-fg-muted">
        The jobs this search finds are scored against it. The default follows whichever profile is
        the default.
      </p>
    </div>
  );
}
