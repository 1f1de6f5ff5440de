import { useNavigationPending } from '../../lib/navigation/router';

/** A thin bar along the top while the next page's module loads. */
export function NavigationProgress() {
  return (
    <div className="navigation-progress" data-active={useNavigationPending()} aria-hidden="true" />
  );
}
