/**
 * What a page shows when it fails to load or render, inside the shell: the product's error text, a
 * way to try again and the error-report consent pop-up (docs/product/shell.md#page-errors).
 */
import { Component, type ReactNode } from 'react';
import { COPY } from '#shared/copy';
import { usePopups } from '../lib/popups/use-popups';
import { Button } from '../ui/Button';
import { MAIN_CONTENT_ID } from '#shared/page-ids';

function describe(error: unknown): { error: string; errorName: string } {
  if (error instanceof Error) return { error: error.stack ?? error.message, errorName: error.name };
  return { error: String(error), errorName: 'unknown' };
}

export function RouteErrorView({ error }: { error: unknown }) {
  const { open } = usePopups();

  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="page page--error">
      <div className="page__intro">
        <h1 className="page__title">{COPY.errorReportTitle}</h1>
        <p className="page__lead">
          This page could not be shown. Trying again usually helps; if it keeps happening, you can
          report it.
        </p>
        <div className="page__actions">
          <Button variant="primary" onClick={() => window.location.reload()}>
            Try again
          </Button>
          <Button onClick={() => open({ name: 'errorReport', report: describe(error) })}>
            Report this error
          </Button>
        </div>
      </div>
    </main>
  );
}

/** Last resort when the shell itself fails: no providers are left, so only a reload is offered. */
export class ShellErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ShellFailed /> : this.props.children;
  }
}

function ShellFailed() {
  return (
    <main id={MAIN_CONTENT_ID} className="page page--error">
      <div className="page__intro">
        <h1 className="page__title">{COPY.errorReportTitle}</h1>
        <p className="page__lead">The site could not start. Please reload the page.</p>
        <div className="page__actions">
          <a className="button button--primary" href="/">
            Reload
          </a>
        </div>
      </div>
    </main>
  );
}
