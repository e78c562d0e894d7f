import { PageHeader } from '../../components/ui/page-header';

export function QueriesPage() {
  return <PageHeader title="Queries" />;
}
