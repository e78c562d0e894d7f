import { PageHeader } from '../../components/ui/page-header';
import { BlockCompanyForm } from './components/block-company-form';
import { BlockedCompaniesTable } from './components/blocked-companies-table';

/** SPEC.md §2 "/companies — Companies Management": the block form and the block list. */
export function CompaniesPage() {
  return (
    <>
      <PageHeader title="Companies Management" />
      <div className="flex flex-col gap-6">
        <BlockCompanyForm />
        <BlockedCompaniesTable />
      </div>
    </>
  );
}
