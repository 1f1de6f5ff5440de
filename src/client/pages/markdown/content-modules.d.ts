/** The owner's Markdown pages, read into data at build time by the content-markdown plugin in vite.config.ts. */
declare module '#content/legal/*.md' {
  const document: import('./markdown-document').MarkdownDocument;
  export default document;
}

declare module '#content/pages/*.md' {
  const document: import('./markdown-document').MarkdownDocument;
  export default document;
}
