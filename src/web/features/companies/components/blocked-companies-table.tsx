import { useId } from 'react';
import type { BannedCompany } from '../../../../contract/companies';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeleton,
} from '../../../components/ui/table';
import { useBannedCompanies } from '../api/get-banned-companies';
import { useUnbanCompany } from '../api/unban-company';

const COLUMNS = 3;

/** SPEC.md §2 "/companies": the "Blocked Companies" table. */
export function BlockedCompaniesTable() {
  const banned = useBannedCompanies();
  const titleId = useId();

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Blocked Companies</CardTitle>
      </CardHeader>
      <CardContent className="p-0!">
        {banned.isError ? (
          <div className="p-5">
            <ErrorAlert>Error loading blocked companies. Please try again.</ErrorAlert>
          </div>
        ) : (
          <Table aria-labelledby={titleId}>
            <TableHeader>
              <TableRow>
                <TableHead className="w-32">ID</TableHead>
                <TableHead>Company Name</TableHead>
                <TableHead className="w-32 text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody aria-busy={banned.isPending}>
              {banned.isPending ? (
                <TableSkeleton columns={COLUMNS} />
              ) : banned.data.length === 0 ? (
                <TableEmpty columns={COLUMNS}>No blocked companies found.</TableEmpty>
              ) : (
                banned.data.map((company) => (
                  <BlockedCompanyRow key={company.id} company={company} />
                ))
              )}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function BlockedCompanyRow({ company }: { company: BannedCompany }) {
  // One mutation per row: only the row being unblocked reads "Unblocking...".
  const unban = useUnbanCompany();
  return (
    <TableRow>
      <TableCell label="ID" className="font-mono tabular-nums">
        {company.id}
      </TableCell>
      <TableCell label="Company Name">
        {company.normalized_name ? (
          company.normalized_name
        ) : (
          // The server blocks a company even when its name cannot be found yet (no cookies, the
          // site failed); it fills the name in once it learns it.
          <span className="italic text-fg-subtle">Name not known yet</span>
        )}
      </TableCell>
      <TableCell label="Actions" className="text-right">
        <Button
          variant="secondary"
          size="sm"
          disabled={unban.isPending}
          onClick={() => unban.mutate(company.id)}
        >
          {unban.isPending ? 'Unblocking...' : 'Unblock'}
        </Button>
      </TableCell>
    </TableRow>
  );
}
