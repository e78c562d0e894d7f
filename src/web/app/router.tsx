import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { INDEX_REDIRECT } from '../../contract/constants';
import { FullPageLoading } from '../components/ui/spinner';
import { ErrorBoundary } from './error-boundary';
import { RequireAuth } from './require-auth';

// Declarative routes (13 kB) rather than the data router (29 kB): see docs/decisions/003.
// Every screen is its own chunk, so the sign-in page loads none of the dashboard's code.
const page = <T,>(
  load: () => Promise<T>,
  pick: (m: T) => ComponentType,
): LazyExoticComponent<ComponentType> => lazy(() => load().then((m) => ({ default: pick(m) })));

const SignInPage = page(
  () => import('../features/auth/sign-in-page'),
  (m) => m.SignInPage,
);
const AppLayout = page(
  () => import('./layout'),
  (m) => m.AppLayout,
);
// The Overview's charts (visx, decision 053) come with its chunk alone: no other screen grows.
const OverviewPage = page(
  () => import('../features/overview/overview-page'),
  (m) => m.OverviewPage,
);
const JobsPage = page(
  () => import('../features/jobs/jobs-page'),
  (m) => m.JobsPage,
);
// The board's drag and drop (@dnd-kit) is a further chunk of its own, loaded by this one.
const PipelinePage = page(
  () => import('../features/pipeline/pipeline-page'),
  (m) => m.PipelinePage,
);
// Rules belong to the Jobs screen (DESIGN.md "Beyond SPEC.md"): no nav link, a chunk of their own.
const RulesPage = page(
  () => import('../features/rules/rules-page'),
  (m) => m.RulesPage,
);
// Fit profiles belong to the Jobs screen too (issue 40): reached from it, loaded on demand.
const FitPage = page(
  () => import('../features/fit/fit-page'),
  (m) => m.FitPage,
);
const QueryRunsPage = page(
  () => import('../features/query-runs/query-runs-page'),
  (m) => m.QueryRunsPage,
);
const BatchesPage = page(
  () => import('../features/batches/batches-page'),
  (m) => m.BatchesPage,
);
const QueriesPage = page(
  () => import('../features/queries/queries-page'),
  (m) => m.QueriesPage,
);
const CompaniesPage = page(
  () => import('../features/companies/companies-page'),
  (m) => m.CompaniesPage,
);
const SettingsPage = page(
  () => import('../features/settings/settings-page'),
  (m) => m.SettingsPage,
);

export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<FullPageLoading />}>
        <Routes>
          <Route path="/sign-in" element={<SignInPage />} />
          <Route
            path="/"
            element={
              <RequireAuth>
                <AppLayout />
              </RequireAuth>
            }
          >
            <Route index element={<Navigate to={INDEX_REDIRECT} replace />} />
            <Route path="overview" element={<OverviewPage />} />
            <Route path="jobs" element={<JobsPage />} />
            <Route path="jobs/rules" element={<RulesPage />} />
            <Route path="jobs/fit" element={<FitPage />} />
            <Route path="pipeline" element={<PipelinePage />} />
            <Route path="query-runs" element={<QueryRunsPage />} />
            <Route path="batches" element={<BatchesPage />} />
            <Route path="queries" element={<QueriesPage />} />
            <Route path="companies" element={<CompaniesPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="*" element={<Navigate to={INDEX_REDIRECT} replace />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
