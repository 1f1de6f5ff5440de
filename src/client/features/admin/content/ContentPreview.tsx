/**
 * The page as visitors would get it with this admin's saved drafts: the server renders it with the
 * visitors' own code and answers it without scripts, in a frame of the site's own (sandboxed: no
 * scripts, forms or pop-ups). At phone width (400 px) or desktop width (1280 px, scaled down to
 * fit), in the light or the dark theme. It reloads after every save.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { PUBLIC_PAGES, type PublicPage } from '#shared/public-pages';
import { pageTitle } from '../admin-format';
import { previewUrl } from './content-api';

const WIDTHS = { phone: 400, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;
type Theme = 'light' | 'dark';
const FRAME_HEIGHT = { phone: 760, desktop: 820 } as const;

interface ContentPreviewProps {
  pages: readonly PublicPage[];
  /** Changes whenever the saved drafts change, to load the page again. */
  version: number;
}

function Choice<T extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend className="segmented__legend">{legend}</legend>
      <div className="segmented__options">
        {options.map(([option, text]) => (
          <label key={option} className="segmented__option">
            <input
              type="radio"
              className="segmented__input"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span className="segmented__text">{text}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ContentPreview({ pages, version }: ContentPreviewProps) {
  const [page, setPage] = useState<PublicPage>(pages[0] ?? 'home');
  const [width, setWidth] = useState<Width>('phone');
  const [theme, setTheme] = useState<Theme>('light');
  const [loaded, setLoaded] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const pageId = useId();

  // Scales the frame to the space there is; CSS reads the scale from a custom property.
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const fit = () => {
      const scale = Math.min(1, element.clientWidth / WIDTHS[width]);
      element.style.setProperty('--preview-scale', String(scale));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);

  const src = previewUrl(page, theme);
  const frameKey = `${src}#${version}`;
  const title = pageTitle(page) ?? page;
  const choices = PUBLIC_PAGES.filter((candidate) => pages.includes(candidate));

  return (
    <div className="content-preview">
      <div className="content-preview__controls">
        {choices.length > 1 && (
          <div className="field content-preview__page">
            <label className="field__label" htmlFor={pageId}>
              Page
            </label>
            <select
              id={pageId}
              className="text-input"
              value={page}
              onChange={(event) => setPage(event.target.value as PublicPage)}
            >
              {choices.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {pageTitle(candidate) ?? candidate}
                </option>
              ))}
            </select>
          </div>
        )}
        <Choice
          legend="Width"
          value={width}
          onChange={setWidth}
          options={[
            ['phone', 'Phone'],
            ['desktop', 'Desktop'],
          ]}
        />
        <Choice
          legend="Theme"
          value={theme}
          onChange={setTheme}
          options={[
            ['light', 'Light'],
            ['dark', 'Dark'],
          ]}
        />
        <a className="desk-link-button" href={src} target="_blank" rel="noopener">
          Open in a new tab
        </a>
      </div>
      <div
        ref={viewport}
        className="content-preview__viewport"
        data-width={width}
        aria-busy={loaded !== frameKey || undefined}
      >
        {loaded !== frameKey && <span className="skeleton content-preview__skeleton" />}
        <iframe
          key={frameKey}
          className="content-preview__frame"
          src={src}
          title={`Preview of ${title}, ${width} width, ${theme} theme`}
          sandbox="allow-same-origin"
          data-theme-shown={theme}
          width={WIDTHS[width]}
          height={FRAME_HEIGHT[width]}
          onLoad={() => setLoaded(frameKey)}
        />
      </div>
    </div>
  );
}
