import { FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { FIT_CV_TEXT_MAX, FIT_CV_UPLOAD_MAX_BYTES } from '../../../../contract/fit';
import { Button } from '../../../components/ui/button';
import { FieldError, Label, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useReadCvText } from '../api/read-cv-text';
import { ProposedSkills, type SkillList } from './proposed-skills';

const ACCEPT = [
  '.txt',
  '.pdf',
  '.docx',
  'text/plain',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
].join(',');

const MEGABYTES = FIT_CV_UPLOAD_MAX_BYTES / 1024 / 1024;

/**
 * The CV or summary: pasted, or read from a .txt, .pdf or .docx by the server (only the text is
 * kept). A file read offers the skills found in it, each to take as a must-have or a plus skill.
 */
export function CvField({
  value,
  onChange,
  error,
  taken,
  onTake,
}: {
  value: string;
  onChange: (text: string) => void;
  error?: string;
  /** The skills the profile already lists: not offered again. */
  taken: readonly string[];
  onTake: (skill: string, list: SkillList) => void;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const file = useRef<HTMLInputElement>(null);
  const read = useReadCvText();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [proposed, setProposed] = useState<string[]>([]);
  const [said, setSaid] = useState('');
  const shownError = uploadError ?? error;

  const upload = (chosen: File) => {
    setUploadError(null);
    setSaid('');
    // Said before the upload: a file the server would refuse for its size is not sent at all.
    if (chosen.size > FIT_CV_UPLOAD_MAX_BYTES) {
      setUploadError(
        `The file is larger than ${MEGABYTES} MB: upload the CV as a smaller file, or paste its text.`,
      );
      return;
    }
    read.mutate(chosen, {
      onSuccess: ({ text, skills }) => {
        onChange(text);
        setProposed(skills);
        setSaid(
          `Read ${text.length.toLocaleString()} characters from ${chosen.name}` +
            (skills.length > 0 ? `; ${skills.length} skills found` : ''),
        );
      },
      onError: (err) => setUploadError(`Could not read ${chosen.name}: ${err.message}`),
    });
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>CV or summary</Label>
      <p id={hintId} className="text-xs text-fg-muted">
        Paste your CV or a few lines on what you do, or read it from a .txt, .pdf or .docx file (up
        to {MEGABYTES} MB): only its text is kept. The skills it names count towards a job’s fit
        when the job names them too.
      </p>
      <Textarea
        id={id}
        rows={8}
        className="font-sans text-sm"
        value={value}
        maxLength={FIT_CV_TEXT_MAX}
        aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
        aria-invalid={shownError ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={read.isPending}
          onClick={() => file.current?.click()}
        >
          {read.isPending ? <Spinner /> : <FileUp aria-hidden="true" />}
          {read.isPending ? 'Reading the file…' : 'Read from a file…'}
        </Button>
        <input
          ref={file}
          type="file"
          accept={ACCEPT}
          aria-label="CV file"
          className="hidden"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            // The same file chosen again must read again.
            e.target.value = '';
            if (chosen) upload(chosen);
          }}
        />
        <span className="text-xs text-fg-subtle">
          {value.length.toLocaleString()} of {FIT_CV_TEXT_MAX.toLocaleString()} characters
        </span>
      </div>
      <FieldError id={errorId}>{shownError}</FieldError>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      <ProposedSkills
        skills={proposed.filter((s) => !taken.some((t) => t.toLowerCase() === s.toLowerCase()))}
        onTake={onTake}
        onDismiss={() => setProposed([])}
      />
    </div>
  );
}
