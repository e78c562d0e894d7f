import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toaster';
import { useRepostSettings, useSaveRepostSettings } from '../api/repost-settings';

/** "Reposts": whether a repost takes over the triage of the job it reposts (issue 17). */
export function RepostsCard() {
  const settings = useRepostSettings();
  const save = useSaveRepostSettings();
  const toast = useToast();
  const titleId = useId();
  const switchId = useId();
  const hintId = useId();
  const checked = save.isPending
    ? save.variables.carry_over_triage
    : (settings.data?.carry_over_triage ?? false);
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Reposts</CardTitle>
        <p className="text-sm text-fg-muted">
          A repost is the same role (company, title and place) back under a new job ID. The list
          marks it “Reposted · first seen …” and the job’s panel lists the earlier ones.
        </p>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div className="flex items-center gap-3 text-sm text-fg-muted" aria-busy="true">
            <Spinner />
            <span className="sr-only">Loading the repost setting</span>
          </div>
        ) : settings.isError ? (
          <p className="text-sm text-danger-fg" role="alert">
            Could not load the repost setting: {settings.error.message}
          </p>
        ) : (
          <div className="flex items-start gap-3">
            <Switch
              id={switchId}
              className="mt-0.5"
              checked={checked}
              disabled={save.isPending}
              aria-describedby={hintId}
              onCheckedChange={(on) =>
                save.mutate(
                  { carry_over_triage: on },
                  {
                    onSuccess: () =>
                      toast(on ? 'Reposts now carry over triage' : 'Reposts now arrive as new'),
                  },
                )
              }
            />
            <div className="flex flex-col gap-1">
              <label htmlFor={switchId} className="text-sm font-medium text-fg">
                Carry triage over to reposts
              </label>
              <p id={hintId} className="text-sm text-fg-muted">
                A repost of a hidden job is hidden; of a job marked applied it reads “applied
                before” and is not new; a saved one stays saved. Off: every repost arrives as new.
              </p>
            </div>
          </div>
        )}
        {save.isError ? (
          <p className="mt-2 text-sm text-danger-fg" role="alert">
            Could not save the setting: {save.error.message}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
