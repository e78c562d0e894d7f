import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { AliasesEditor } from './aliases-editor';

/**
 * The alias list every profile reads (JS = JavaScript, k8s = Kubernetes): built in, and the
 * operator's to change. Its groups load when the editor is opened.
 */
export function AliasesCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card aria-labelledby="fit-aliases-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="fit-aliases-title">Aliases</CardTitle>
          {open ? null : (
            <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
              Edit aliases
            </Button>
          )}
        </div>
        <p className="text-sm text-fg-muted">
          Spellings that name the same skill: a profile’s “Kubernetes” finds “k8s” too. One list for
          every profile; changing it scores the stored jobs again.
        </p>
      </CardHeader>
      {open ? <AliasesEditor onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
