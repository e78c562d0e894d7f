import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export type SkillList = 'must_skills' | 'plus_skills';

/** The skills a CV names, each offered as a must-have or a plus skill; nothing is taken unasked. */
export function ProposedSkills({
  skills,
  onTake,
  onDismiss,
}: {
  skills: readonly string[];
  onTake: (skill: string, list: SkillList) => void;
  onDismiss: () => void;
}) {
  if (skills.length === 0) return null;
  return (
    <section
      aria-labelledby="fit-cv-skills-heading"
      className="mt-1 rounded-md border border-line-soft bg-surface-muted p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id="fit-cv-skills-heading" className="text-sm font-medium text-fg">
          Skills found in the CV
        </h4>
        <Button variant="link" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      <p className="mb-2 text-xs text-fg-muted">
        Take each as a must-have or a plus skill; the others stay out of the profile.
      </p>
      <ul aria-label="Skills found in the CV" className="flex flex-wrap gap-2">
        {skills.map((skill) => (
          <li
            key={skill}
            className="inline-flex items-center gap-1 rounded-full bg-surface py-0.5 pl-3 pr-1 text-xs font-medium text-fg-soft ring-1 ring-line-strong"
          >
            <span className="mr-1">{skill}</span>
            <Button
              variant="ghost"
              size="sm"
              className="h-6 px-2"
              aria-label={`Add ${skill} as a must-have skill`}
              onClick={() => onTake(skill, 'must_skills')}
            >
              <Plus aria-hidden="true" />
              Must-have
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="h-6 px-2"
              aria-label={`Add ${skill} as a plus skill`}
              onClick={() => onTake(skill, 'plus_skills')}
            >
              <Plus aria-hidden="true" />
              Plus
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
