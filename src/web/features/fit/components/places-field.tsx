import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { FIT_PLACES_MAX, type FitPlace } from '../../../../contract/fit';
import { LocationTypeahead } from '../../../components/location/location-typeahead';
import { FieldError, Label } from '../../../components/ui/input';

/** The places a job may be in, picked with the query form's typeahead (the site's own places). */
export function PlacesField({
  values,
  onChange,
  error,
}: {
  values: FitPlace[];
  onChange: (places: FitPlace[]) => void;
  error?: string;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [said, setSaid] = useState('');
  const full = values.length >= FIT_PLACES_MAX;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Places</Label>
      <p id={hintId} className="text-xs text-fg-muted">
        Where you would work: a job in one of them (or remote in its country) fits. Leave empty if
        the place does not matter{full ? `; at most ${FIT_PLACES_MAX} places` : ''}.
      </p>
      {values.length > 0 ? (
        <ul aria-label="Places" className="flex flex-wrap gap-1.5">
          {values.map((place) => (
            <li
              key={place.id}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent-soft py-0.5 pl-3 pr-1 text-xs font-medium text-accent-soft-fg ring-1 ring-focus-ring"
            >
              <span className="[overflow-wrap:anywhere]">{place.display_name}</span>
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-surface-hover"
                aria-label={`Remove ${place.display_name}`}
                onClick={() => {
                  onChange(values.filter((p) => p.id !== place.id));
                  setSaid(`Removed ${place.display_name}`);
                  document.getElementById(id)?.focus();
                }}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <LocationTypeahead
        id={id}
        value={text}
        placeholder={full ? `At most ${FIT_PLACES_MAX} places` : 'e.g., Berlin, Germany'}
        invalid={error !== undefined}
        describedBy={error ? `${hintId} ${errorId}` : hintId}
        onTextChange={setText}
        onSelect={(s) => {
          setText('');
          if (full || values.some((p) => p.id === s.id)) return;
          onChange([...values, { id: s.id, display_name: s.displayName }]);
          setSaid(`Added ${s.displayName}`);
        }}
      />
      <FieldError id={errorId}>{error}</FieldError>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
