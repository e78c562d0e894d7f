import { useId } from 'react';
import { FIT_SALARY_PERIODS, type FitSalaryPeriod } from '../../../../contract/fit';
import { fieldClasses, FieldError, Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

const PERIOD_LABELS: Readonly<Record<FitSalaryPeriod, string>> = {
  year: 'per year',
  month: 'per month',
  hour: 'per hour',
};

/** Currencies offered as the field is typed; any 3-letter code is taken. */
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'CAD', 'AUD'];

export interface SalaryFloorValue {
  amount: string;
  currency: string;
  period: FitSalaryPeriod;
}

/**
 * The least pay that fits: amount, currency and period. A job that shows no pay (or pays in
 * another currency) is unknown, and decision 061 gives it half the part's points.
 */
export function SalaryFloorField({
  value,
  onChange,
  error,
}: {
  value: SalaryFloorValue;
  onChange: (value: SalaryFloorValue) => void;
  error?: string;
}) {
  const amountId = useId();
  const currencyId = useId();
  const periodId = useId();
  const hintId = useId();
  const errorId = useId();
  const listId = useId();
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-fg-soft">Salary floor</legend>
      <p id={hintId} className="text-xs text-fg-muted">
        The least pay you would take; leave the amount empty if pay does not matter. A job that
        shows no salary, or pays in another currency, counts as unknown: it gets half of the salary
        part’s points, neither for nor against it.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={amountId} className="text-xs font-medium text-fg-muted">
            Amount
          </label>
          <Input
            id={amountId}
            inputMode="decimal"
            className="max-w-36"
            placeholder="e.g., 70000"
            value={value.amount}
            aria-invalid={error ? true : undefined}
            onChange={(e) => onChange({ ...value, amount: e.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={currencyId} className="text-xs font-medium text-fg-muted">
            Currency
          </label>
          <Input
            id={currencyId}
            list={listId}
            className="max-w-24 uppercase"
            maxLength={3}
            autoComplete="off"
            value={value.currency}
            onChange={(e) => onChange({ ...value, currency: e.target.value.toUpperCase() })}
          />
          <datalist id={listId}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={periodId} className="text-xs font-medium text-fg-muted">
            Period
          </label>
          <select
            id={periodId}
            className={cn(fieldClasses, 'h-9 w-auto py-1')}
            value={value.period}
            onChange={(e) => {
              const period = FIT_SALARY_PERIODS.find((p) => p === e.target.value);
              if (period) onChange({ ...value, period });
            }}
          >
            {FIT_SALARY_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
