/**
 * "Alex Lindqvist's site": the site as a sentence names it. The site's name is often its creator's own
 * (content/site.json), so "your Alex Lindqvist account" or "signing up at Alex Lindqvist" would read
 * wrong; every mail and page that names the site inside a sentence words it this way. Subjects'
 * "· {siteName}" and the "— {siteName}" signature stay the bare name.
 */
export function siteInSentence(siteName: string): string {
  return `${siteName}'s site`;
}
