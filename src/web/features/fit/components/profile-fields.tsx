import { useId } from 'react';
import {
  FIT_LANGUAGE_NAMES,
  FIT_PROFILE_NAME_MAX,
  FIT_YEARS_MAX,
  type FitLanguageCode,
} from '../../../../contract/fit';
import { EXPERIENCE_LEVEL_LABELS, EXPERIENCE_LEVELS } from '../../../../contract/search-filters';
import { JOB_WORKPLACE_LABELS, JOB_WORKPLACES } from '../../../../contract/workplace';
import { FieldError, Input, Label } from '../../../components/ui/input';
import type { ProfileDraft, ProfileErrors } from '../profile-draft';
import { ChoiceField } from './choice-field';
import { CvField } from './cv-field';
import { PlacesField } from './places-field';
import { SalaryFloorField } from './salary-floor-field';
import { holds, TermsField } from './terms-field';

const LANGUAGE_CODES = Object.keys(FIT_LANGUAGE_NAMES).filter(
  (code): code is FitLanguageCode => code in FIT_LANGUAGE_NAMES,
);

interface FieldsProps {
  draft: ProfileDraft;
  errors: ProfileErrors;
  onChange: (patch: Partial<ProfileDraft>) => void;
}

/** Every field of a profile, in the order the score's parts weigh them (decision 061). */
export function ProfileFields({ draft, errors, onChange }: FieldsProps) {
  return (
    <>
      <NameField value={draft.name} error={errors.name} onChange={(name) => onChange({ name })} />
      <CvField
        value={draft.cv_text}
        error={errors.cv_text}
        onChange={(cv_text) => onChange({ cv_text })}
        taken={[...draft.must_skills, ...draft.plus_skills]}
        onTake={(skill, list) => {
          if (!holds(draft[list], skill)) onChange({ [list]: [...draft[list], skill] });
        }}
      />
      <TermsField
        label="Must-have skills"
        noun="a must-have skill"
        hint="Skills a job must name to fit (its title or description, an alias counts): the largest part of the score."
        placeholder="e.g., Kubernetes"
        values={draft.must_skills}
        error={errors.must_skills}
        onChange={(must_skills) => onChange({ must_skills })}
      />
      <TermsField
        label="Plus skills"
        noun="a plus skill"
        hint="Skills that make a job fit better when it names them."
        placeholder="e.g., Terraform"
        values={draft.plus_skills}
        error={errors.plus_skills}
        onChange={(plus_skills) => onChange({ plus_skills })}
      />
      <TermsField
        label="Dealbreakers"
        noun="a dealbreaker"
        hint="Words or phrases that rule a job out: a job asking for one is held in the Poor band, whatever else fits."
        placeholder="e.g., security clearance"
        values={draft.dealbreakers}
        error={errors.dealbreakers}
        onChange={(dealbreakers) => onChange({ dealbreakers })}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <ChoiceField
          legend="Seniority"
          hint="The levels you want, in the site’s words."
          options={EXPERIENCE_LEVELS}
          labels={EXPERIENCE_LEVEL_LABELS}
          values={draft.seniority}
          error={errors.seniority}
          errorId="fit-seniority-error"
          onChange={(seniority) => onChange({ seniority })}
        />
        <YearsField
          value={draft.years}
          error={errors.years_experience}
          onChange={(years) => onChange({ years })}
        />
      </div>
      <ChoiceField
        legend="Languages you speak"
        hint="A job that asks for a language not ticked here is held below Good."
        options={LANGUAGE_CODES}
        labels={FIT_LANGUAGE_NAMES}
        values={draft.languages.filter((c): c is FitLanguageCode => c in FIT_LANGUAGE_NAMES)}
        error={errors.languages}
        errorId="fit-languages-error"
        className="grid grid-cols-2 sm:grid-cols-3 lg:grid-cols-5"
        onChange={(languages) => onChange({ languages })}
      />
      <ChoiceField
        legend="Workplace"
        options={JOB_WORKPLACES}
        labels={JOB_WORKPLACE_LABELS}
        values={draft.workplaces}
        error={errors.workplaces}
        errorId="fit-workplaces-error"
        onChange={(workplaces) => onChange({ workplaces })}
      />
      <PlacesField
        values={draft.places}
        error={errors.places}
        onChange={(places) => onChange({ places })}
      />
      <SalaryFloorField
        value={{
          amount: draft.salaryAmount,
          currency: draft.salaryCurrency,
          period: draft.salaryPeriod,
        }}
        error={errors.salary_floor}
        onChange={({ amount, currency, period }) =>
          onChange({ salaryAmount: amount, salaryCurrency: currency, salaryPeriod: period })
        }
      />
    </>
  );
}

function NameField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (name: string) => void;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        Name
        <span aria-hidden="true" className="ml-0.5 text-danger-fg">
          *
        </span>
      </Label>
      <Input
        id={id}
        className="max-w-md"
        placeholder="e.g., Backend roles"
        maxLength={FIT_PROFILE_NAME_MAX}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

function YearsField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (years: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Years of experience</Label>
      <p id={hintId} className="text-xs text-fg-muted">
        Read against the years a job asks for (“5+ years”); leave empty to leave them out.
      </p>
      <Input
        id={id}
        type="number"
        min={0}
        max={FIT_YEARS_MAX}
        step="0.5"
        className="max-w-28"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
