/** content/legal/*.md, read into data at build time by the legal-markdown plugin in vite.config.ts. */
declare module '#content/legal/*.md' {
  const document: import('./legal-document').LegalDocument;
  export default document;
}
