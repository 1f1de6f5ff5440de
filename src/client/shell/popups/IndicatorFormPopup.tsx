/**
 * The indicator pages' Free trial and Purchase pop-up: the form of that product and kind (issue 5,
 * item 4). The frame opens at once; the form, with the shared schemas it brings, is a lazily loaded
 * chunk, so neither weighs on the shell's first load. Mounted fresh for every open, so a reopened
 * form starts empty.
 */
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { COPY } from '#shared/copy';
import {
  ACCESS_KIND_LABELS,
  INDICATORS,
  type AccessKind,
  type IndicatorProduct,
} from '#shared/indicator-products';
import { FormMessage } from '../../ui/FormMessage';
import { Popup } from '../../ui/Popup';
import { Spinner } from '../../ui/Spinner';
import type { PopupSlotProps } from './popup-slot';
import { usePopups } from './PopupProvider';
import './account-popup.css';

const loadRequest = () => import('../../features/indicators/IndicatorRequest');

/** Starts loading the form before the pop-up opens (when the pointer or focus reaches a button). */
export function preloadIndicatorForm(): void {
  loadRequest().catch(() => {
    // Offline now: the pop-up tries again when it opens.
  });
}

type RequestComponent = ComponentType<{ product: IndicatorProduct; kind: AccessKind }>;

// Kept while it loads fine; dropped after a failure so the next open fetches the chunk again
// (React.lazy remembers a failure for good).
let lazyRequest: RequestComponent | null = null;
function requestComponent(): RequestComponent {
  lazyRequest ??= lazy(() =>
    loadRequest().then((module) => ({ default: module.IndicatorRequest })),
  );
  return lazyRequest;
}

class RequestLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    lazyRequest = null;
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

export function popupTitle(product: IndicatorProduct, kind: AccessKind): string {
  return kind === 'freeTrial'
    ? `${ACCESS_KIND_LABELS.freeTrial}: ${INDICATORS[product].title}`
    : `Purchase ${INDICATORS[product].title}`;
}

interface IndicatorFormPopupProps extends PopupSlotProps {
  product: IndicatorProduct;
  kind: AccessKind;
}

export function IndicatorFormPopup({ product, kind, ...slot }: IndicatorFormPopupProps) {
  const { close } = usePopups();
  const [Request] = useState(requestComponent);
  return (
    <Popup title={popupTitle(product, kind)} onClose={close} {...slot}>
      <RequestLoadBoundary>
        <Suspense
          fallback={
            <div className="account-popup__loading">
              <Spinner label="Loading the form" size={28} />
            </div>
          }
        >
          <Request product={product} kind={kind} />
        </Suspense>
      </RequestLoadBoundary>
    </Popup>
  );
}
