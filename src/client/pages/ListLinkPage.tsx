import type { MailList } from '#shared/mail-list-schemas';
import type { RouteName } from '#shared/paths';
import { ListLink, listPageHeading, useOpenedLink } from '../features/mail-lists/ListLink';
import { PageMain } from './PageMain';

interface ListLinkPageProps {
  list: MailList;
  route: RouteName;
  lang?: string;
}

/** A mail list's link page: its heading and document title say what the opened link does. */
export function ListLinkPage({ list, route, lang }: ListLinkPageProps) {
  const link = useOpenedLink();
  return (
    <PageMain route={route} lang={lang} title={listPageHeading(list, route, link)}>
      <ListLink list={list} route={route} link={link} />
    </PageMain>
  );
}
