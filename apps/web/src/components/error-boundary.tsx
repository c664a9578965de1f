import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from './error-state';

type ErrorBoundaryProps = { children: ReactNode };
type ErrorBoundaryState = { hasError: boolean };

/** Catches render errors and failed page-chunk loads so one broken page never blanks the whole app. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <ErrorState
        title="This page could not be shown"
        message="Please reload the page. If it keeps happening, contact support."
        onRetry={() => window.location.reload()}
      />
    );
  }
}
