import { PageHeader } from '../../components/ui/page-header';

export function CompaniesPage() {
  return <PageHeader title="Companies Management" />;
}
