import { PageHeader } from '../../components/ui/page-header';

export function BatchesPage() {
  return <PageHeader title="Batches" />;
}
