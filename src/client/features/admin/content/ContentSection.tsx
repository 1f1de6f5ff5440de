/**
 * The desk's Site content section (docs/product/desk.md#publishing-the-sites-words): every document of
 * the site's words with its state (published, your draft, other admins editing) and when and by
 * whom it was last published. Opening one shows its editor, loaded only then (CodeMirror and the
 * checks stay out of the desk's first load); the open document lives in the address bar
 * (`?content=about`), so a reload keeps it and Back returns to the list.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ContentList } from '#shared/content-api-schemas';
import { CONTENT_DOCUMENTS } from '#shared/content-documents';
import { isContentKey, type ContentKey } from '#shared/content-parts';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatDateTime } from '../../../lib/date-format';
import { useSearchParams } from '../../../lib/navigation/router';
import { Button } from '../../../ui/Button';
import { DeskLoadFailed, DeskLoading, RefreshBar } from '../DeskSection';
import { useAdminData } from '../use-admin-data';
import { fetchContentList } from './content-api';
import './content-section.css';

const ContentEditor = lazy(() => import('./ContentEditor'));

/** The address bar's name for the open document. */
export const CONTENT_PARAM = 'content';

type Row = ContentList['documents'][number];

function publishedLine(row: Row): string {
  const { published } = row;
  const when = formatDateTime(published.publishedAt);
  if (published.source === 'shipped') return `As the site shipped, ${when}`;
  const by = published.publishedBy ? ` by ${published.publishedBy.name}` : '';
  const how = published.source === 'import' ? 'Imported' : 'Published';
  return `${how} ${when}${by} · revision ${published.revision}`;
}

export function ContentSection() {
  const { data, loading, error, reload } = useAdminData(fetchContentList);
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const asked = params.get(CONTENT_PARAM);
  const open: ContentKey | null = asked && isContentKey(asked) ? asked : null;
  const editButtons = useRef(new Map<ContentKey, HTMLButtonElement>());
  const lastOpen = useRef<ContentKey | null>(null);
  const [openedHere, setOpenedHere] = useState(false);

  function show(key: ContentKey | null) {
    setOpenedHere(key !== null);
    const next = new URLSearchParams(params);
    if (key) next.set(CONTENT_PARAM, key);
    else next.delete(CONTENT_PARAM);
    setParams(next);
  }

  // Back at the list: focus returns to the document that was open.
  useEffect(() => {
    if (open) lastOpen.current = open;
    else if (lastOpen.current) {
      editButtons.current.get(lastOpen.current)?.focus();
      lastOpen.current = null;
    }
  }, [open, data]);

  if (open) {
    const row = data?.documents.find((d) => d.key === open);
    return (
      <Suspense fallback={<DeskLoading label="Loading the editor…" size="lg" />}>
        <ContentEditor
          key={open}
          documentKey={open}
          username={user?.username ?? ''}
          otherDrafts={row?.otherDrafts ?? []}
          onClose={() => show(null)}
          onChanged={reload}
          onOpen={show}
          focusHeading={openedHere}
        />
      </Suspense>
    );
  }

  if (!data) {
    return error ? (
      <DeskLoadFailed message={error} onRetry={reload} />
    ) : (
      <DeskLoading label="Loading the site’s words…" />
    );
  }

  return (
    <div className="content-section">
      <RefreshBar loading={loading} onRefresh={reload}>
        {error ?? 'Open a page or block to change its words, preview them and publish.'}
      </RefreshBar>
      <ul className="content-documents" aria-label="Pages and blocks">
        {data.documents.map((row) => {
          const info = CONTENT_DOCUMENTS[row.key];
          return (
            <li key={row.key} className="content-document">
              <div className="content-document__text">
                <p className="content-document__title">
                  {info.title}
                  {info.lang === 'sv' && (
                    <span className="content-badge" lang="sv">
                      På svenska
                    </span>
                  )}
                </p>
                <p className="content-document__meta">{publishedLine(row)}</p>
                <ul className="content-document__states" aria-label={`State of ${info.title}`}>
                  {row.draft ? (
                    <li className="content-state" data-state="draft">
                      Your draft, saved {formatDateTime(row.draft.updatedAt)}
                    </li>
                  ) : (
                    <li className="content-state" data-state="published">
                      Published
                    </li>
                  )}
                  {row.otherDrafts.map((other) => (
                    <li key={other.name} className="content-state" data-state="other">
                      {other.name} is editing
                    </li>
                  ))}
                </ul>
              </div>
              <Button
                ref={(button) => {
                  if (button) editButtons.current.set(row.key, button);
                  else editButtons.current.delete(row.key);
                }}
                variant={row.draft ? 'primary' : 'secondary'}
                className="content-document__open"
                aria-label={`Edit ${info.title}`}
                onClick={() => show(row.key)}
              >
                Edit
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
