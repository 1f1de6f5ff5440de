/**
 * A pop-up's content in its own lazily loaded chunk (the account forms, the indicator form: they
 * bring the shared zod schemas, which stay out of the first load). The pop-up's frame opens at once
 * with a spinner; a chunk that cannot load (offline) says so instead of taking the shell down, and
 * the next open fetches it again (React.lazy remembers a failure for good, so a failed one is
 * dropped).
 */
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { COPY } from '#shared/copy';
import { FormMessage } from './form/FormMessage';
import { Spinner } from './Spinner';
import './lazy-popup-body.css';

export interface LazyBody<P extends object> {
  /** Starts loading the chunk before the pop-up opens (e.g. when the pointer reaches its button). */
  preload: () => void;
  /** The lazy component, kept while it loads fine. */
  component: () => ComponentType<P>;
  /** Drops the lazy component after a failed load. */
  forget: () => void;
}

export function lazyBody<P extends object>(load: () => Promise<ComponentType<P>>): LazyBody<P> {
  let lazyComponent: ComponentType<P> | null = null;
  return {
    preload() {
      load().catch(() => {
        // Offline now: the pop-up tries again when it opens.
      });
    },
    component() {
      lazyComponent ??= lazy(() => load().then((loaded) => ({ default: loaded })));
      return lazyComponent;
    },
    forget() {
      lazyComponent = null;
    },
  };
}

class BodyLoadBoundary extends Component<
  { onFailed: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onFailed();
  }

  override render() {
    if (this.state.failed) {
      return (
        <FormMessage tone="error">
          {COPY.somethingWentWrongForm} The form could not load. Check your connection, then close
          this and try again.
        </FormMessage>
      );
    }
    return this.props.children;
  }
}

interface LazyPopupBodyProps<P extends object> {
  body: LazyBody<P>;
  /** The spinner's label while the chunk loads. */
  loadingLabel: string;
  props: P;
}

/** Mounted fresh for every open (the host keys it), so a reopened form starts empty. */
export function LazyPopupBody<P extends object>({
  body,
  loadingLabel,
  props,
}: LazyPopupBodyProps<P>) {
  const [Body] = useState(body.component);
  return (
    <BodyLoadBoundary onFailed={body.forget}>
      <Suspense
        fallback={
          <div className="account-popup__loading">
            <Spinner label={loadingLabel} size={28} />
          </div>
        }
      >
        <Body {...props} />
      </Suspense>
    </BodyLoadBoundary>
  );
}
