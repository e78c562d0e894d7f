import { useDeferredValue, useId, useMemo, useState, type FormEvent } from 'react';
import { SETTINGS_TEXTAREA_ROWS } from '../../../../contract/constants';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Label, Textarea } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toaster';
import { siteName } from '../../../lib/site-name';
import { useSaveSettings } from '../api/save-settings';
import { isCurlCommand, parseCookieInput, type CookieParseState } from '../parse-cookie-input';
import { CookieParseStatus } from './cookie-parse-status';

export interface SettingsFormProps {
  /** The cookies loaded from the server: what the textarea starts with. */
  initialCookies: string;
  /** SPEC.md §5: sent back unchanged on save (the loaded value, or "09:00" when none was loaded). */
  scriptTime: string;
}

/** SPEC.md §2 "/settings": the cookie textarea, its parse status, the preview and Save. */
export function SettingsForm({ initialCookies, scriptTime }: SettingsFormProps) {
  const site = siteName();
  const [input, setInput] = useState(initialCookies);
  // The parse runs on a deferred copy of the input, so a large paste never blocks typing; while
  // it is behind the input, a cURL command shows SPEC.md §4's "detected" state.
  const deferredInput = useDeferredValue(input);
  const result = useMemo(() => parseCookieInput(deferredInput), [deferredInput]);
  const parsing = input !== deferredInput;
  const state: CookieParseState = parsing
    ? isCurlCommand(input)
      ? 'detected'
      : 'none'
    : result.state;
  const save = useSaveSettings();
  const showToast = useToast();
  const textareaId = useId();
  const helpId = useId();
  const statusId = useId();
  const previewId = useId();

  // What Save sends (DESIGN.md): the trimmed input, or for a cURL command the extracted,
  // normalised cookies. A command with no cookies has nothing to send, so Save stays disabled
  // rather than wiping the stored cookies.
  const cookiesToSend = parsing ? '' : result.cookies;
  const showPreview =
    !parsing && result.state === 'parsed' && result.cookies !== deferredInput.trim();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (cookiesToSend === '' || save.isPending) return;
    save.mutate(
      { cookies: cookiesToSend, script_time: scriptTime },
      {
        onSuccess: (saved) => {
          showToast('Settings saved successfully!');
          // The textarea shows what is stored: the extracted cookies, not the pasted command.
          setInput(saved.cookies);
        },
        onError: (err) => console.warn('saving settings failed', err),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <Label htmlFor={textareaId}>{site} Cookies</Label>
          <a
            href="/instructions.pdf"
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium text-accent-fg underline-offset-4 hover:underline"
          >
            How to retrieve cookies
          </a>
        </div>
        <Textarea
          id={textareaId}
          name="cookies"
          rows={SETTINGS_TEXTAREA_ROWS}
          placeholder={`Paste ${site} cookies OR full cURL command from Network tab...`}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          aria-describedby={`${helpId} ${statusId}${showPreview ? ` ${previewId}` : ''}`}
          aria-invalid={state === 'error' || undefined}
          spellCheck={false}
          autoComplete="off"
        />
        <p id={helpId} className="text-sm text-fg-subtle">
          Paste {site} cookies or cURL command from browser Network tab.
        </p>
        <CookieParseStatus id={statusId} state={state} />
      </div>
      {showPreview ? (
        <div id={previewId} className="flex flex-col gap-1.5">
          <h3 className="text-sm font-medium text-fg-soft">Extracted Cookies:</h3>
          <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded-md border border-line bg-surface-muted p-3 font-mono text-xs text-fg">
            {result.cookies}
          </pre>
        </div>
      ) : null}
      {save.isError ? <ErrorAlert>Failed to save settings. Please try again.</ErrorAlert> : null}
      <div>
        <Button type="submit" disabled={cookiesToSend === '' || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
