import { useId, useState, type FormEvent } from 'react';
import { COMPANY_ID_MIN } from '../../../../contract/constants';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toaster';
import { useBanCompany } from '../api/ban-company';
import { parseCompanyId } from '../parse-company-id';

/** SPEC.md §2 "/companies": the "Block Company" panel. */
export function BlockCompanyForm() {
  const [companyId, setCompanyId] = useState('');
  const banCompany = useBanCompany();
  const showToast = useToast();
  const inputId = useId();
  const titleId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = parseCompanyId(companyId);
    // SPEC.md §5: anything but a positive integer is not sent (the browser's own check on
    // min=1 and the whole-number step already explains why to the operator).
    if (id === null || banCompany.isPending) return;
    banCompany.mutate(id, {
      onSuccess: () => {
        showToast('Company blocked successfully!');
        setCompanyId('');
      },
      onError: (err) => console.warn(`blocking company ${id} failed`, err),
    });
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Block Company</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={inputId}>Company ID</Label>
            <Input
              id={inputId}
              name="companyId"
              type="number"
              inputMode="numeric"
              min={COMPANY_ID_MIN}
              step={1}
              required
              value={companyId}
              onChange={(event) => setCompanyId(event.target.value)}
              className="max-w-xs"
            />
          </div>
          {banCompany.isError ? (
            <ErrorAlert>Failed to block company. Please try again.</ErrorAlert>
          ) : null}
          <div>
            <Button type="submit" disabled={companyId.trim() === '' || banCompany.isPending}>
              {banCompany.isPending ? 'Blocking...' : 'Block Company'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
