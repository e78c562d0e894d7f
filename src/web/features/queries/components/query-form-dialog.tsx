import { useState, type FormEvent } from 'react';
import type { Query, QueryWrite } from '../../../../contract/queries';
import { hasFilters, NO_FILTERS, type SearchFilters } from '../../../../contract/search-filters';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { LocationTypeahead } from '../../../components/location/location-typeahead';
import { useCreateQuery } from '../api/create-query';
import { useUpdateQuery } from '../api/update-query';
import { saveErrorMessage } from '../save-error-message';
import { FiltersSection } from './filters-section';
import { FitProfileField } from './fit-profile-field';

export interface QueryFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The query being edited; absent when creating. */
  query?: Query;
}

/** SPEC.md §2 "Create / edit modal". Closing unmounts the form, which is what resets it. */
export function QueryFormDialog({ open, onOpenChange, query }: QueryFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={query ? 'Edit Query' : 'Create New Query'}
    >
      <QueryForm query={query} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

interface FieldErrors {
  jobTitle?: string;
  location?: string;
}

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-danger-fg">
      *
    </span>
  );
}

function QueryForm({ query, onDone }: { query?: Query; onDone: () => void }) {
  const editing = query !== undefined;
  const [jobTitle, setJobTitle] = useState(query?.job_title ?? '');
  const [locationText, setLocationText] = useState(query?.display_name ?? '');
  // Only a pick from the dropdown sets this; editing falls back to the stored id (SPEC.md §5).
  const [pickedLocationId, setPickedLocationId] = useState<number | null>(null);
  const [isAi, setIsAi] = useState(query?.is_ai ?? false);
  const [filters, setFilters] = useState<SearchFilters>(query?.filters ?? NO_FILTERS);
  const storedFitProfile = query?.fit_profile_id ?? null;
  const [fitProfileId, setFitProfileId] = useState<number | null>(storedFitProfile);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateQuery();
  const update = useUpdateQuery();
  const mutation = editing ? update : create;

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    if (jobTitle.trim() === '') found.jobTitle = 'Search term is required';
    if (locationText.trim() === '') found.location = 'Location is required';
    else if (!editing && pickedLocationId === null)
      found.location = 'Please select a location from the dropdown';
    return found;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (found.jobTitle || found.location) return;
    const body: QueryWrite = {
      job_title: jobTitle.trim(),
      location_id: pickedLocationId ?? query?.location_id ?? 0,
      // SPEC.md §4: create and edit always send "active".
      status: 'active',
      is_ai: isAi,
      // Sent only when there is something to set or to clear, so a form left as SPEC.md has it
      // sends SPEC.md's body; an AI query sends none and keeps what is stored (issue 10).
      ...(!isAi && (hasFilters(filters) || (query && hasFilters(query.filters)))
        ? { filters }
        : {}),
      // Issue 40: sent only when chosen, so an untouched form still sends SPEC.md's body.
      ...(fitProfileId !== storedFitProfile ? { fit_profile_id: fitProfileId } : {}),
    };
    if (query) update.mutate({ id: query.id, body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  };

  const pending = mutation.isPending;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {mutation.isError ? <ErrorAlert>{saveErrorMessage(mutation.error)}</ErrorAlert> : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="query-job-title">
          Search Term
          <RequiredMark />
        </Label>
        <Input
          id="query-job-title"
          placeholder="e.g., Financial Analyst"
          aria-required="true"
          aria-invalid={errors.jobTitle ? true : undefined}
          aria-describedby={errors.jobTitle ? 'query-job-title-error' : undefined}
          value={jobTitle}
          onChange={(e) => setJobTitle(e.target.value)}
        />
        <FieldError id="query-job-title-error">{errors.jobTitle}</FieldError>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="query-location">
          Location
          <RequiredMark />
        </Label>
        <LocationTypeahead
          id="query-location"
          required
          placeholder="e.g., San Francisco, CA or Remote"
          value={locationText}
          invalid={errors.location !== undefined}
          describedBy={errors.location ? 'query-location-error' : undefined}
          onTextChange={(text) => {
            setLocationText(text);
            setPickedLocationId(null);
          }}
          onSelect={(s) => {
            const id = Number(s.id);
            setLocationText(s.displayName);
            setPickedLocationId(Number.isSafeInteger(id) && id > 0 ? id : null);
          }}
        />
        <FieldError id="query-location-error">{errors.location}</FieldError>
      </div>
      <div className="flex items-center gap-3">
        <Switch id="query-is-ai" checked={isAi} onCheckedChange={setIsAi} />
        <Label htmlFor="query-is-ai">AI-Powered Search</Label>
      </div>
      <FiltersSection value={filters} onChange={setFilters} disabled={isAi} />
      <FitProfileField value={fitProfileId} onChange={setFitProfileId} />
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : editing ? 'Update Query' : 'Create Query'}
        </Button>
      </div>
    </form>
  );
}
