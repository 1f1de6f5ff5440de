/**
 * Real modality for pop-ups: every other child of <body> gets the `inert` attribute (no focus, no
 * clicks) and aria-hidden (for assistive technology and test tools that do not yet honour inert)
 * until the returned function restores both. Layers marked with KEEP_ACTIVE_ATTRIBUTE, such as the
 * loading overlay's live region, stay as they are.
 */
export const KEEP_ACTIVE_ATTRIBUTE = 'data-keep-active';

export function makeOutsideInert(layer: Element): () => void {
  const changed: HTMLElement[] = [];
  for (const child of Array.from(document.body.children)) {
    if (child === layer || !(child instanceof HTMLElement)) continue;
    if (child.hasAttribute(KEEP_ACTIVE_ATTRIBUTE) || child.inert) continue;
    if (child.tagName === 'SCRIPT' || child.tagName === 'TEMPLATE') continue;
    child.inert = true;
    if (!child.hasAttribute('aria-hidden')) child.setAttribute('aria-hidden', 'true');
    else child.dataset.keepAriaHidden = '';
    changed.push(child);
  }
  return () => {
    for (const child of changed) {
      child.inert = false;
      if ('keepAriaHidden' in child.dataset) delete child.dataset.keepAriaHidden;
      else child.removeAttribute('aria-hidden');
    }
  };
}
