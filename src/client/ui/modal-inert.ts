/**
 * Real modality for pop-ups: every other child of <body> gets the `inert` attribute (no focus, no
 * clicks, hidden from assistive technology) until the returned function restores it. Layers marked
 * with KEEP_ACTIVE_ATTRIBUTE, such as the loading overlay's live region, stay as they are.
 */
export const KEEP_ACTIVE_ATTRIBUTE = 'data-keep-active';

export function makeOutsideInert(layer: Element): () => void {
  const changed: HTMLElement[] = [];
  for (const child of Array.from(document.body.children)) {
    if (child === layer || !(child instanceof HTMLElement)) continue;
    if (child.hasAttribute(KEEP_ACTIVE_ATTRIBUTE) || child.inert) continue;
    if (child.tagName === 'SCRIPT' || child.tagName === 'TEMPLATE') continue;
    child.inert = true;
    changed.push(child);
  }
  return () => {
    for (const child of changed) child.inert = false;
  };
}
