import { useId, useState, type FormEvent } from 'react';
import {
  FIT_LLM_DAILY_TOKENS_MAX,
  FIT_LLM_TIMEOUT_SECONDS_MAX,
  FIT_LLM_TOP_N_MAX,
  fitLlmSettingsBodySchema,
  type FitLlmSettingsAnswer,
  type FitLlmSettingsBody,
} from '../../../../../contract/fit-llm';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { FieldError, Input, Label } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { useToast } from '../../../../components/ui/toaster';
import { useFitLlmSettings, useSaveFitLlmSettings } from '../api/fit-llm-settings';

/**
 * "Fit: second opinion" on the Settings screen (issue 40, decision 067): an OpenAI-compatible
 * endpoint asked about each batch's best new jobs, N, the day's token budget, and the tokens used
 * per day. The key is write-only: the field starts empty whether or not one is stored.
 */
export function SecondOpinionCard() {
  const settings = useFitLlmSettings();
  return (
    <Card className="mt-6" aria-labelledby="fit-llm-settings-title">
      <CardHeader>
        <CardTitle id="fit-llm-settings-title">Fit: second opinion</CardTitle>
        <p className="text-sm text-fg-muted">
          A language model you choose (Ollama, LM Studio, llama.cpp’s server, OpenAI…) reads the
          best new jobs of each batch with your fit profile and says what it thinks, beside the
          local fit. Nothing leaves this machine while no address is set.
        </p>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div className="flex items-center gap-3 py-4 text-sm text-fg-muted" aria-busy="true">
            <Spinner />
            <span className="sr-only">Loading the second opinion settings</span>
          </div>
        ) : settings.isError ? (
          <p className="text-sm text-danger-fg">
            Could not load the second opinion settings: {settings.error.message}
          </p>
        ) : (
          <>
            <SecondOpinionForm key={JSON.stringify(settings.data)} saved={settings.data} />
            <UsageSummary saved={settings.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

type FieldName =
  'base_url' | 'model' | 'api_key' | 'top_n' | 'daily_token_budget' | 'timeout_seconds';

const FIELD_HELP: Record<FieldName, string> = {
  base_url: 'Enter an http(s) address, like http://localhost:11434/v1',
  model: 'Enter the model’s name',
  api_key: 'Enter the key on one line',
  top_n: `Enter a whole number from 0 to ${FIT_LLM_TOP_N_MAX}`,
  daily_token_budget: `Enter a whole number from 1 to ${FIT_LLM_DAILY_TOKENS_MAX}`,
  timeout_seconds: `Enter a whole number of seconds from 1 to ${FIT_LLM_TIMEOUT_SECONDS_MAX}`,
};
const isFieldName = (name: unknown): name is FieldName =>
  typeof name === 'string' && Object.hasOwn(FIELD_HELP, name);

/** A number field's text as a number when it is digits (the schema checks its range). */
const asNumber = (text: string): number | string =>
  /^\d+$/.test(text.trim()) ? Number(text) : text;

interface Draft {
  baseUrl: string;
  model: string;
  key: string;
  removeKey: boolean;
  topN: string;
  budget: string;
  timeout: string;
}

/** The body the draft makes, or the fields in error (with the contract's own checks). */
function bodyOf(draft: Draft): { body: FitLlmSettingsBody } | { errors: Set<FieldName> } {
  const baseUrl = draft.baseUrl.trim() === '' ? null : draft.baseUrl.trim();
  const key = draft.key.trim();
  const parsed = fitLlmSettingsBodySchema.safeParse({
    base_url: baseUrl,
    model: draft.model,
    ...(draft.removeKey ? { api_key: null } : key === '' ? {} : { api_key: key }),
    top_n: asNumber(draft.topN),
    daily_token_budget: asNumber(draft.budget),
    timeout_seconds: asNumber(draft.timeout),
  });
  const errors = new Set<FieldName>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isFieldName(field)) errors.add(field);
    }
  } else if (parsed.data.base_url !== null && parsed.data.model === '') errors.add('model');
  return parsed.success && errors.size === 0 ? { body: parsed.data } : { errors };
}

function SecondOpinionForm({ saved }: { saved: FitLlmSettingsAnswer }) {
  const id = useId();
  const toast = useToast();
  const save = useSaveFitLlmSettings();
  const [draft, setDraft] = useState<Draft>({
    baseUrl: saved.base_url ?? '',
    model: saved.model,
    key: '',
    removeKey: false,
    topN: String(saved.top_n),
    budget: String(saved.daily_token_budget),
    timeout: String(saved.timeout_seconds),
  });
  const [submitted, setSubmitted] = useState(false);
  const set = (field: keyof Draft) => (value: string) => setDraft({ ...draft, [field]: value });
  const result = bodyOf(draft);
  const errors = submitted && 'errors' in result ? result.errors : new Set<FieldName>();
  const changed =
    draft.baseUrl.trim() !== (saved.base_url ?? '') ||
    draft.model.trim() !== saved.model ||
    draft.key.trim() !== '' ||
    draft.removeKey ||
    draft.topN.trim() !== String(saved.top_n) ||
    draft.budget.trim() !== String(saved.daily_token_budget) ||
    draft.timeout.trim() !== String(saved.timeout_seconds);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!('body' in result) || !changed) return;
    save.mutate(result.body, { onSuccess: () => toast('Second opinion settings saved') });
  };
  const field = (
    name: FieldName,
    label: string,
    value: string,
    onChange: (v: string) => void,
    extra: { hint?: string; type?: string; placeholder?: string; numeric?: boolean } = {},
  ) => {
    const fieldId = `${id}-${name}`;
    const described = [
      extra.hint ? `${fieldId}-hint` : undefined,
      errors.has(name) ? `${fieldId}-error` : undefined,
    ].filter(Boolean);
    return (
      <div className="flex flex-col gap-1">
        <Label htmlFor={fieldId}>{label}</Label>
        <Input
          id={fieldId}
          type={extra.type ?? 'text'}
          inputMode={extra.numeric ? 'numeric' : undefined}
          className={extra.numeric ? 'w-32!' : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={extra.placeholder}
          value={value}
          disabled={save.isPending}
          aria-invalid={errors.has(name) || undefined}
          aria-describedby={described.length > 0 ? described.join(' ') : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {extra.hint ? (
          <p id={`${fieldId}-hint`} className="text-xs text-fg-muted">
            {extra.hint}
          </p>
        ) : null}
        <FieldError id={`${fieldId}-error`}>
          {errors.has(name) ? FIELD_HELP[name] : null}
        </FieldError>
      </div>
    );
  };

  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Second opinion settings"
      onSubmit={submit}
      noValidate
    >
      {field('base_url', 'Address (base URL)', draft.baseUrl, set('baseUrl'), {
        placeholder: 'http://localhost:11434/v1',
        hint: 'The part before /chat/completions. Empty: nothing is sent.',
      })}
      {field('model', 'Model', draft.model, set('model'), { placeholder: 'llama3.1:8b' })}
      <div className="flex flex-col gap-1">
        {field('api_key', 'API key', draft.key, set('key'), {
          type: 'password',
          placeholder: saved.api_key_set && !draft.removeKey ? '•••••••• (a key is set)' : 'None',
          hint: saved.api_key_set
            ? draft.removeKey
              ? 'The key will be removed when you save.'
              : 'A key is set. It is never shown again; type a new one to replace it.'
            : 'Only if the endpoint asks for one. It is never shown again once saved.',
        })}
        {saved.api_key_set ? (
          <div>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={save.isPending}
              aria-pressed={draft.removeKey}
              onClick={() => setDraft({ ...draft, removeKey: !draft.removeKey, key: '' })}
            >
              {draft.removeKey ? 'Keep the key' : 'Remove the key'}
            </Button>
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-4">
        {field('top_n', 'Jobs a batch', draft.topN, set('topN'), {
          numeric: true,
          hint: 'The best new jobs by local fit; 0 turns it off.',
        })}
        {field('daily_token_budget', 'Tokens a day', draft.budget, set('budget'), {
          numeric: true,
          hint: 'Sending stops until tomorrow once reached.',
        })}
        {field('timeout_seconds', 'Timeout (seconds)', draft.timeout, set('timeout'), {
          numeric: true,
          hint: 'How long one answer may take.',
        })}
      </div>
      {save.isError ? (
        <ErrorAlert>{`Could not save the second opinion settings: ${save.error.message}`}</ErrorAlert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !changed}>
          {save.isPending ? 'Saving...' : 'Save second opinion settings'}
        </Button>
      </div>
    </form>
  );
}

const number = new Intl.NumberFormat('en-US');

/** Today's tokens against the budget, the queue, the last failure, and the recent days. */
function UsageSummary({ saved }: { saved: FitLlmSettingsAnswer }) {
  const today = saved.usage[0];
  const used = saved.usage.filter((day, i) => i === 0 || day.requests > 0);
  const { pending, failed, budget_spent: spent } = saved.queue;
  return (
    <div className="mt-6 border-t border-line-soft pt-4 text-sm">
      <p className="text-fg">
        {`Tokens today: ${number.format(today?.tokens ?? 0)} of ${number.format(saved.daily_token_budget)}`}
        {spent ? '. Today’s budget is spent: sending resumes tomorrow.' : ''}
      </p>
      <p className="mt-1 text-fg-muted">
        {saved.active ? 'On' : 'Off'}
        {`. ${pending} ${pending === 1 ? 'job waits' : 'jobs wait'} for an answer`}
        {failed > 0 ? `, ${failed} given up after repeated failures` : ''}.
      </p>
      {saved.last_error !== null ? (
        <p className="mt-1 text-danger-fg [overflow-wrap:anywhere]">{`Last error: ${saved.last_error}`}</p>
      ) : null}
      <table className="mt-3 w-full max-w-md text-left text-xs">
        <caption className="mb-1 text-left font-semibold text-fg-muted">
          Tokens used per day (last {saved.usage.length} days)
        </caption>
        <thead>
          <tr className="border-b border-line-soft text-fg-muted">
            <th scope="col" className="py-1 font-medium">
              Day
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Tokens
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Requests
            </th>
          </tr>
        </thead>
        <tbody>
          {used.map((day) => (
            <tr key={day.day} className="border-b border-line-soft last:border-0">
              <th scope="row" className="py-1 font-normal text-fg">
                {day.day}
              </th>
              <td className="py-1 text-right text-fg tabular-nums">
                {number.format(day.tokens)}
                {day.estimated_tokens > 0 ? ' (some estimated)' : ''}
              </td>
              <td className="py-1 text-right text-fg tabular-nums">{day.requests}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
