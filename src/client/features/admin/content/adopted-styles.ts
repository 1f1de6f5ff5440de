/**
 * CodeMirror's styles without an inline `<style>` element. Its style-mod mounts a document's
 * styles as a `<style>` element, which the site's CSP refuses (style-src 'self', no
 * 'unsafe-inline'; docs/architecture.md); in a shadow root it uses a constructed stylesheet
 * (`adoptedStyleSheets`), which the CSP allows. This makes a document take the same way: one
 * constructed sheet per document, holding every mounted module's rules in the order style-mod
 * would keep. Imported by the Markdown editor before it makes an editor.
 */
import { StyleModule } from 'style-mod';

interface AdoptedSet {
  sheet: CSSStyleSheet;
  modules: StyleModule[];
}

const sets = new WeakMap<Document, AdoptedSet>();

/** `mounted` with `modules` in their order, the ones already there moved to keep it (as style-mod does). */
export function mergeModules<T>(mounted: readonly T[], modules: readonly T[]): T[] {
  const result = [...mounted];
  let next = 0;
  for (const module of modules) {
    let index = result.indexOf(module);
    if (index > -1 && index < next) {
      result.splice(index, 1);
      next -= 1;
      index = -1;
    }
    if (index === -1) result.splice(next++, 0, module);
    else next = index + 1;
  }
  return result;
}

function mountInDocument(document: Document, modules: readonly StyleModule[]): void {
  let set = sets.get(document);
  if (!set) {
    set = { sheet: new CSSStyleSheet(), modules: [] };
    sets.set(document, set);
    document.adoptedStyleSheets = [set.sheet, ...document.adoptedStyleSheets];
  }
  const merged = mergeModules(set.modules, modules);
  if (merged.length === set.modules.length && merged.every((m, i) => m === set.modules[i])) return;
  set.modules = merged;
  set.sheet.replaceSync(merged.map((module) => module.getRules()).join('\n'));
}

const mountElsewhere = StyleModule.mount.bind(StyleModule);

StyleModule.mount = (root, modules, options) => {
  const list = Array.isArray(modules) ? modules : [modules as StyleModule];
  if (typeof Document !== 'undefined' && root instanceof Document && 'adoptedStyleSheets' in root)
    mountInDocument(root, list);
  else mountElsewhere(root, modules, options);
};
