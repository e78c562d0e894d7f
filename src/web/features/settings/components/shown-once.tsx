import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

export interface ShownOnceProps {
  /** The heading: "Token “n8n” created", "Feed URL created". */
  title: string;
  /** h3 in a card of its own, h4 inside a card's section. */
  level: 3 | 4;
  /** What to do with it, said once: "Copy it now: you will not see it again." */
  notice: string;
  /** The secret field's accessible name. */
  label: string;
  value: string;
  /** What a failed copy asks to copy by hand: "the token", "the URL". */
  what: string;
  onDone: () => void;
}

/**
 * A secret the server answers once (an API token, the calendar feed's URL): in a read-only field
 * with Copy, until Done. The server keeps only its hash, so this is the operator's one chance.
 */
export function ShownOnce({ title, level, notice, label, value, what, onDone }: ShownOnceProps) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section
      className="flex flex-col gap-3 rounded-md border border-tone-green-ring bg-tone-green-bg p-4"
      aria-labelledby={`${id}-title`}
    >
      <Heading id={`${id}-title`} className="text-sm font-semibold text-fg">
        {title}
      </Heading>
      <p className="text-sm font-medium text-fg" role="status">
        {notice}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          aria-label={label}
          value={value}
          className="min-w-0 flex-1 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="secondary" onClick={copy}>
          {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {copied === 'failed' ? (
        <p className="text-sm text-danger-fg" role="alert">
          The browser did not allow copying: select {what} and copy it by hand.
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
