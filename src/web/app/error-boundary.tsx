import { Component, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

type ErrorBoundaryProps = {
  /** Changing it (e.g. the path) clears the error, so leaving a broken page recovers. */
  resetKey?: string;
  children: ReactNode;
};

type ErrorBoundaryState = {
  hasError: boolean;
  resetKey: string | undefined;
};

/** Keeps a failing component, or a page chunk that no longer loads, from blanking the whole app. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  constructor(props: ErrorBoundaryProps) {
    super(props);
    this.state = { hasError: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { hasError: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.hasError ? <ErrorFallback /> : this.props.children;
  }
}
