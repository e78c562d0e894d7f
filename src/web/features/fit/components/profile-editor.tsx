import { useState, type FormEvent } from 'react';
import type { FitProfile } from '../../../../contract/fit';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useToast } from '../../../components/ui/toaster';
import { useSaveFitProfile } from '../api/save-fit-profile';
import {
  draftOf,
  DRAFT_KEYS,
  fieldOf,
  fieldOfDraftKey,
  inWords,
  validate,
  type ProfileDraft,
  type ProfileErrors,
} from '../profile-draft';
import { ProfileFields } from './profile-fields';

/**
 * Making or editing a profile. The contract's own schema checks the form before it is sent, and
 * an error the server gives stands beside the field it names.
 */
export function ProfileEditor({
  profile,
  onDone,
}: {
  /** null: a new profile. */
  profile: FitProfile | null;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const save = useSaveFitProfile();
  const toast = useToast();
  const title = profile ? `Edit ${profile.name}` : 'New profile';

  const change = (patch: Partial<ProfileDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // A field changed: its error no longer says anything about it.
    setErrors((e) => {
      const touched = new Set<string>(DRAFT_KEYS.filter((k) => k in patch).map(fieldOfDraftKey));
      return Object.fromEntries(
        Object.entries(e).filter(([field]) => field !== 'form' && !touched.has(field)),
      );
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(draft);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: profile?.id ?? null, body: checked.body },
      {
        onSuccess: (saved) => {
          toast(`Profile saved: ${saved.name}`);
          onDone();
        },
        onError: (err) => {
          const field = fieldOf(err.message);
          setErrors({ [field ?? 'form']: inWords(err.message) });
        },
      },
    );
  };

  return (
    <Card aria-labelledby="fit-profile-editor-title">
      <CardHeader>
        <CardTitle id="fit-profile-editor-title">{title}</CardTitle>
        <p className="text-sm text-fg-muted">
          Say what you look for: every part you fill in counts towards a job’s score, and a part
          left empty is left out.
        </p>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-6">
          {errors.form ? (
            <ErrorAlert>{`Could not save the profile: ${errors.form}`}</ErrorAlert>
          ) : null}
          <ProfileFields draft={draft} errors={errors} onChange={change} />
          <div className="flex flex-wrap justify-end gap-2 border-t border-line-soft pt-4">
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
