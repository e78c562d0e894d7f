import { Gauge, Plus } from 'lucide-react';
import { BackLink } from '../../components/ui/back-link';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FIT_PROFILES_MAX, type FitProfile } from '../../../contract/fit';
import { useFitProfiles } from '../../components/fit/fit-queries';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { LazyConfirmDialog } from '../../components/ui/lazy-confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toaster';
import { useDeleteFitProfile } from './api/delete-fit-profile';
import { useSaveFitProfile, writeBodyOf } from './api/save-fit-profile';
import { AliasesCard } from './components/aliases-card';
import { ProfilesList } from './components/profiles-list';
import { RescoringStatus } from './components/rescoring-status';
import { SuggestionsCard } from './components/suggestions-card';

// The form (its fields, the typeahead, the CV upload) loads when a profile is first edited.
const ProfileEditor = lazy(() =>
  import('./components/profile-editor').then((m) => ({ default: m.ProfileEditor })),
);

/** The search param naming the profile being edited (`new` for a new one): Back closes the form. */
const EDIT_PARAM = 'edit';

/** `/jobs/fit`: what the operator looks for, which scores every job (issue 40). */
export function FitPage() {
  const [params, setParams] = useSearchParams();
  const profiles = useFitProfiles();
  const list = profiles.data;
  const edit = params.get(EDIT_PARAM);
  const editing = edit === 'new' ? null : list?.find((p) => String(p.id) === edit);

  const openEditor = (id: number | 'new') => setParams({ [EDIT_PARAM]: String(id) });
  const closeEditor = () => setParams({}, { replace: true });

  return (
    <>
      <BackLink to="/jobs">Jobs</BackLink>
      <PageHeader
        title="Fit"
        actions={
          edit === null && list ? (
            <NewProfileButton count={list.length} onNew={() => openEditor('new')} />
          ) : null
        }
      />
      <div className="flex flex-col gap-6">
        <RescoringStatus />
        {profiles.isError ? (
          <ErrorAlert>{`Error loading profiles: ${profiles.error.message}`}</ErrorAlert>
        ) : edit !== null ? (
          !list ? (
            <Loading label="Loading the profile" />
          ) : editing === undefined ? (
            <ErrorAlert>
              {`No profile #${edit}: it may have been deleted. `}
              <Button variant="link" size="sm" onClick={closeEditor}>
                Back to the profiles
              </Button>
            </ErrorAlert>
          ) : (
            <Suspense fallback={<Loading label="Loading the form" />}>
              <ProfileEditor key={edit} profile={editing} onDone={closeEditor} />
            </Suspense>
          )
        ) : (
          <Overview profiles={list} onEdit={openEditor} />
        )}
      </div>
    </>
  );
}

function NewProfileButton({ count, onNew }: { count: number; onNew: () => void }) {
  const full = count >= FIT_PROFILES_MAX;
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        disabled={full}
        aria-describedby={full ? 'fit-profiles-full' : undefined}
        onClick={onNew}
      >
        <Plus aria-hidden="true" />
        New profile
      </Button>
      {full ? (
        <p id="fit-profiles-full" className="text-xs text-fg-subtle">
          {`Up to ${FIT_PROFILES_MAX} profiles: delete one to make another.`}
        </p>
      ) : null}
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex justify-center py-10">
      <Spinner />
    </div>
  );
}

/** The profiles, what the triage suggests, and the aliases. */
function Overview({
  profiles,
  onEdit,
}: {
  profiles: FitProfile[] | undefined;
  onEdit: (id: number | 'new') => void;
}) {
  const toast = useToast();
  const save = useSaveFitProfile();
  const remove = useDeleteFitProfile();
  const [deleting, setDeleting] = useState<FitProfile | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const busyId =
    (save.isPending && save.variables.id) || (remove.isPending && remove.variables) || null;

  const makeDefault = (profile: FitProfile) => {
    setActionError(null);
    save.mutate(
      { id: profile.id, body: { ...writeBodyOf(profile), is_default: true } },
      {
        onSuccess: () => toast(`${profile.name} is now the default profile`),
        onError: (err) =>
          setActionError(`Could not make ${profile.name} the default: ${err.message}`),
      },
    );
  };
  const confirmDelete = (profile: FitProfile) =>
    remove.mutate(profile.id, {
      onSuccess: () => toast(`Profile deleted: ${profile.name}`),
      onError: (err) => setActionError(`Could not delete ${profile.name}: ${err.message}`),
    });

  return (
    <>
      {actionError ? <ErrorAlert>{actionError}</ErrorAlert> : null}
      <Card aria-labelledby="fit-profiles-title">
        <CardHeader>
          <CardTitle id="fit-profiles-title">Your profiles</CardTitle>
          <p className="text-sm text-fg-muted">
            Every job gets a score from 0 to 100 against the profile of the saved query that found
            it (the default one unless the query names another): Strong from 80, Good from 60, Weak
            from 40, Poor below. It is worked out here, on your machine, and each point says why.
          </p>
        </CardHeader>
        {!profiles ? (
          <Loading label="Loading profiles" />
        ) : profiles.length === 0 ? (
          <NoProfileYet onNew={() => onEdit('new')} />
        ) : (
          <ProfilesList
            profiles={profiles}
            busyId={busyId}
            onEdit={(p) => onEdit(p.id)}
            onMakeDefault={makeDefault}
            onDelete={(p) => {
              setActionError(null);
              setDeleting(p);
            }}
          />
        )}
      </Card>
      {profiles && profiles.length > 0 ? <SuggestionsCard profiles={profiles} /> : null}
      <AliasesCard />
      {deleting ? (
        <LazyConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          title="Delete profile"
          message={
            profiles?.length === 1
              ? `Delete the profile “${deleting.name}”? It is the only one: jobs have no fit until you make another.`
              : `Delete the profile “${deleting.name}”? Its scores go, and saved queries that use it use the default profile.`
          }
          destructive
          onConfirm={() => confirmDelete(deleting)}
        />
      ) : null}
    </>
  );
}

function NoProfileYet({ onNew }: { onNew: () => void }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-5 py-12 text-center">
      <Gauge className="size-8 text-fg-subtle" aria-hidden="true" />
      <h2 className="text-base font-semibold text-fg">No profile yet</h2>
      <p className="text-sm text-fg-muted">
        Say what you look for (the skills you must see, the ones that are a plus, what rules a job
        out, the level, languages, places and pay) or start from your CV, and every job shows how
        well it fits, and why.
      </p>
      <Button onClick={onNew}>
        <Plus aria-hidden="true" />
        New profile
      </Button>
    </div>
  );
}
