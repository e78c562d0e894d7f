import { Pencil, Star, Trash2 } from 'lucide-react';
import { FIT_LANGUAGE_NAMES, type FitProfile } from '../../../../contract/fit';
import { EXPERIENCE_LEVEL_LABELS } from '../../../../contract/search-filters';
import { JOB_WORKPLACE_LABELS } from '../../../../contract/workplace';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line on what a profile asks for: "3 must-have skills · Mid-Senior · Remote · Berlin". */
export function profileSummary(p: FitProfile): string {
  const languageName = (code: string) =>
    Object.entries(FIT_LANGUAGE_NAMES).find(([c]) => c === code)?.[1] ?? code;
  const parts = [
    p.must_skills.length > 0 ? count(p.must_skills.length, 'must-have skill') : '',
    p.plus_skills.length > 0 ? count(p.plus_skills.length, 'plus skill') : '',
    p.dealbreakers.length > 0 ? count(p.dealbreakers.length, 'dealbreaker') : '',
    p.seniority.map((s) => EXPERIENCE_LEVEL_LABELS[s]).join(', '),
    p.years_experience !== null ? count(p.years_experience, 'year') : '',
    p.languages.map(languageName).join(', '),
    p.workplaces.map((w) => JOB_WORKPLACE_LABELS[w]).join(', '),
    p.places.map((place) => place.display_name).join('; '),
    p.salary_floor
      ? `from ${p.salary_floor.amount.toLocaleString()} ${p.salary_floor.currency} a ${p.salary_floor.period}`
      : '',
    p.cv_text ? 'CV' : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Asks about nothing yet: every job scores 50.';
}

export interface ProfileActions {
  busyId: number | null;
  onEdit: (profile: FitProfile) => void;
  onMakeDefault: (profile: FitProfile) => void;
  onDelete: (profile: FitProfile) => void;
}

/** The profiles, the default first; each with Edit, Make default and Delete. */
export function ProfilesList({
  profiles,
  busyId,
  onEdit,
  onMakeDefault,
  onDelete,
}: { profiles: FitProfile[] } & ProfileActions) {
  // The default cannot go while others stand: one of them must be the default first.
  const keepDefault = profiles.length > 1;
  return (
    <ul aria-label="Profiles" className="divide-y divide-line-soft">
      {profiles.map((profile) => {
        const reasonId = `fit-profile-${profile.id}-keep`;
        const deleteBlocked = profile.is_default && keepDefault;
        return (
          <li
            key={profile.id}
            aria-label={profile.name}
            className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-medium text-fg [overflow-wrap:anywhere]">{profile.name}</h3>
                {profile.is_default ? <Badge tone="blue">Default</Badge> : null}
              </div>
              <p className="mt-1 text-sm text-fg-muted [overflow-wrap:anywhere]">
                {profileSummary(profile)}
              </p>
              {deleteBlocked ? (
                <p id={reasonId} className="mt-1 text-xs text-fg-subtle">
                  Make another profile the default to delete this one.
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => onEdit(profile)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              {profile.is_default ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busyId === profile.id}
                  onClick={() => onMakeDefault(profile)}
                >
                  <Star aria-hidden="true" />
                  Make default
                </Button>
              )}
              <Button
                variant="secondary"
                size="sm"
                className="text-danger-fg"
                disabled={deleteBlocked || busyId === profile.id}
                aria-describedby={deleteBlocked ? reasonId : undefined}
                onClick={() => onDelete(profile)}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
