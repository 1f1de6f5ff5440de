/** Only web and mail links may be opened from the leave-site pop-up (never javascript: or data:). */
export function isOpenableUrl(href: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(href).protocol);
  } catch {
    return false;
  }
}
