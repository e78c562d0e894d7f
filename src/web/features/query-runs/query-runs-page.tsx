import { PageHeader } from '../../components/ui/page-header';

export function QueryRunsPage() {
  return <PageHeader title="Query Runs" />;
}
