import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SUGGESTION_CLOSE_DELAY_MS, TYPEAHEAD_DEBOUNCE_MS } from '../../../contract/constants';
import type { LocationSuggestion } from '../../../contract/locations';
import { Input } from '../ui/input';
import { cn } from '../../lib/cn';
import { getLocationSuggestions } from './get-location-suggestions';

type LookupState = 'idle' | 'loading' | 'done' | 'failed';

export interface LocationTypeaheadProps {
  id: string;
  value: string;
  /** Typing: the parent keeps the text and forgets any picked id (SPEC.md §2). */
  onTextChange: (text: string) => void;
  onSelect: (suggestion: LocationSuggestion) => void;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  /** The query form's location is required (SPEC.md §2); a fit profile's places are not. */
  required?: boolean;
}

/**
 * SPEC.md §2 "Location typeahead", as an ARIA combobox: lookups wait 300 ms after the last
 * keystroke, a newer lookup cancels the older one, and an answer that is no longer the latest
 * is dropped, so the list always matches what is in the field.
 */
export function LocationTypeahead({
  id,
  value,
  onTextChange,
  onSelect,
  placeholder,
  invalid,
  describedBy,
  required,
}: LocationTypeaheadProps) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [suggestions, setSuggestions] = useState<LocationSuggestion[]>([]);
  const [state, setState] = useState<LookupState>('idle');
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const latestLookup = useRef(0);

  const cancelLookup = () => {
    clearTimeout(debounceTimer.current);
    inFlight.current?.abort();
    inFlight.current = undefined;
    latestLookup.current += 1;
  };

  useEffect(
    () => () => {
      clearTimeout(closeTimer.current);
      cancelLookup();
    },
    [],
  );

  const lookup = async (text: string) => {
    const seq = ++latestLookup.current;
    const controller = new AbortController();
    inFlight.current = controller;
    setState('loading');
    setSuggestions([]);
    setHighlighted(-1);
    setOpen(true);
    try {
      const found = await getLocationSuggestions(text, controller.signal);
      if (seq !== latestLookup.current) return;
      setSuggestions(found);
      setState('done');
    } catch (err) {
      if (seq !== latestLookup.current) return;
      // SPEC.md §8: a failed lookup is logged only; the list stays empty without a message.
      console.warn('Location lookup failed', err);
      setSuggestions([]);
      setState('failed');
    } finally {
      if (inFlight.current === controller) inFlight.current = undefined;
    }
  };

  const handleChange = (text: string) => {
    onTextChange(text);
    cancelLookup();
    if (text.trim() === '') {
      setSuggestions([]);
      setState('idle');
      setOpen(false);
      return;
    }
    debounceTimer.current = setTimeout(() => void lookup(text), TYPEAHEAD_DEBOUNCE_MS);
  };

  const choose = (suggestion: LocationSuggestion) => {
    cancelLookup();
    onSelect(suggestion);
    setOpen(false);
    setHighlighted(-1);
  };

  const close = () => {
    setOpen(false);
    setHighlighted(-1);
  };

  const hasOptions = state === 'done' && suggestions.length > 0;
  const showPopup = open && (state === 'loading' || state === 'done');

  // Escape must close the list without closing the dialog around it. The dialog listens on the
  // document in the capture phase, so the window's capture listener is the one that runs first.
  useEffect(() => {
    if (!showPopup) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== inputRef.current) return;
      event.stopPropagation();
      event.preventDefault();
      close();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [showPopup]);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!hasOptions) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!open) {
        setOpen(true);
        setHighlighted(step === 1 ? 0 : suggestions.length - 1);
        return;
      }
      setHighlighted((current) => {
        if (current < 0) return step === 1 ? 0 : suggestions.length - 1;
        return (current + step + suggestions.length) % suggestions.length;
      });
    } else if (event.key === 'Enter') {
      const picked = open && hasOptions ? suggestions[highlighted] : undefined;
      if (picked) {
        // Enter picks the place; it must not also submit the form.
        event.preventDefault();
        choose(picked);
      }
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeDescendant =
    showPopup && hasOptions && highlighted >= 0 ? optionId(highlighted) : undefined;

  return (
    <div className="relative">
      <Input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showPopup}
        aria-controls={listId}
        aria-activedescendant={activeDescendant}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        placeholder={placeholder}
        value={value}
        onChange={(e) => handleChange(e.target.value)}
        onKeyDown={handleKeyDown}
        onFocus={() => clearTimeout(closeTimer.current)}
        onBlur={() => {
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(close, SUGGESTION_CLOSE_DELAY_MS);
        }}
      />
      <div
        className={cn(
          'absolute z-10 mt-1 w-full overflow-hidden rounded-md border border-line bg-surface shadow-lg',
          !showPopup && 'hidden',
        )}
      >
        {showPopup && state === 'loading' ? (
          <p className="px-3 py-2 text-sm text-fg-subtle" aria-live="polite">
            Loading locations...
          </p>
        ) : null}
        {showPopup && state === 'done' && suggestions.length === 0 ? (
          <p className="px-3 py-2 text-sm text-fg-subtle" aria-live="polite">
            No locations found
          </p>
        ) : null}
        <ul
          id={listId}
          role="listbox"
          aria-label="Locations"
          className="max-h-60 overflow-y-auto py-1"
        >
          {showPopup && hasOptions
            ? suggestions.map((s, index) => (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys live on the combobox (aria-activedescendant), as the ARIA pattern has it
                <li
                  key={s.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === highlighted}
                  className={cn(
                    'cursor-pointer px-3 py-2 text-sm text-fg',
                    index === highlighted
                      ? 'bg-accent-soft text-accent-soft-fg'
                      : 'hover:bg-surface-muted',
                  )}
                  // Keep the focus in the field, so picking with the mouse does not start the blur close.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(s)}
                  onMouseEnter={() => setHighlighted(index)}
                >
                  {s.displayName}
                </li>
              ))
            : null}
        </ul>
      </div>
    </div>
  );
}
