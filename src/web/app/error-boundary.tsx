import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** Shown when a screen's code cannot load (e.g. a deploy replaced its chunk) or a render throws. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="mx-auto mt-24 max-w-md rounded-lg border border-danger-line bg-surface p-6 text-center shadow-sm"
      >
        <h1 className="text-lg font-semibold text-fg">Something went wrong</h1>
        <p className="mt-2 text-sm text-fg-muted">
          This page could not be shown. Reload the page to try again.
        </p>
        <button
          type="button"
          className="mt-4 rounded-md bg-accent px-4 py-2 text-sm font-medium text-white hover:bg-accent-hover"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      </div>
    );
  }
}
