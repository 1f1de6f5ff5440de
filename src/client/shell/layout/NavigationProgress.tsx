import { useNavigation } from 'react-router';

/** A thin bar along the top while the next page's module loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  return (
    <div
      className="navigation-progress"
      data-active={navigation.state !== 'idle'}
      aria-hidden="true"
    />
  );
}
