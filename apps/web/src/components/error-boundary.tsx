import { Component, type ErrorInfo, type ReactNode } from 'react';
import { handleError } from '../errors/handle-error.ts';
import { dismissPageShell } from '../shell/page-shell.ts';
import { ErrorPanel } from './error-panel.tsx';

type State = { error: Error | null };

/**
 * Catches a screen that throws while rendering (or a code-split chunk that fails to download after a
 * deploy) and offers a reload instead of a blank page. React has no hook for this, hence the class.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    dismissPageShell();
    handleError(Object.assign(error, { stack: `${error.stack ?? ''}\n${info.componentStack ?? ''}` }), { notify: false });
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorPanel
          fullScreen
          title="Something went wrong"
          message={this.state.error.message}
          onRetry={() => window.location.reload()}
        />
      );
    }
    return this.props.children;
  }
}
