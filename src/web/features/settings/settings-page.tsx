import { lazy, Suspense, useEffect } from 'react';
import { DEFAULT_SCRIPT_TIME } from '../../../contract/constants';
import { Card, CardContent } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiTokensCard } from './api-tokens/components/api-tokens-card';
import { BackupCard } from './backup/backup-card';
import { useSettings } from './api/get-settings';
import { CookieCheck } from './components/cookie-check';
import { SettingsForm } from './components/settings-form';
import { NotificationsCard } from './notifications/components/notifications-card';
import { PipelineCard } from './pipeline/components/pipeline-card';
import { RechecksCard } from './rechecks/components/rechecks-card';

// Issue 40: the second opinion's card is its own chunk, loaded when the screen is.
const SecondOpinionCard = lazy(() =>
  import('./fit-llm/components/second-opinion-card').then((m) => ({
    default: m.SecondOpinionCard,
  })),
);

/**
 * SPEC.md §2 "/settings". There is no script_time field: it is only carried through on save.
 * Below the cookie form: the Notifications card (issue 11), API tokens (issue 18), the Backup
 * card (issue 12), the Pipeline card (issue 33), the Re-checks card (issue 41) and the second
 * opinion's (issue 40).
 */
export function SettingsPage() {
  const settings = useSettings();

  useEffect(() => {
    // SPEC.md names no loading error for this screen: the form still works, with an empty
    // textarea and the default script time, and the failure goes to the console.
    if (settings.isError) console.warn('loading settings failed', settings.error);
  }, [settings.isError, settings.error]);

  return (
    <>
      <PageHeader title="Settings" />
      <Card>
        <CardContent className="py-5">
          {settings.isPending ? (
            <div className="flex items-center gap-3 py-6 text-sm text-fg-muted" aria-busy="true">
              <Spinner />
              <span className="sr-only">Loading settings</span>
            </div>
          ) : (
            <SettingsForm
              initialCookies={settings.data?.cookies ?? ''}
              scriptTime={settings.data?.script_time ?? DEFAULT_SCRIPT_TIME}
            />
          )}
          {/* Issue 12, below SPEC.md's form: does the site still accept the saved cookies? */}
          <div className="mt-5">
            <CookieCheck />
          </div>
        </CardContent>
      </Card>
      {/* Issue 11, below SPEC.md's cookie form, which it leaves as it is. */}
      <NotificationsCard />
      {/* Issue 18: tokens for scripts and tools, and where they find the API's reference. */}
      <ApiTokensCard />
      <BackupCard />
      {/* Issue 33: No answer, the reminders' lead and the calendar feed. */}
      <PipelineCard />
      {/* Issue 41: how often saved, applied and flagged jobs are re-read for closing. */}
      <RechecksCard />
      {/* Issue 40: a language model's second opinion of the best new jobs. */}
      <Suspense fallback={null}>
        <SecondOpinionCard />
      </Suspense>
    </>
  );
}
