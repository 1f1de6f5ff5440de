/** Nowou's sections, kept in the address as ?section= (To-dos when absent). */
export const SECTIONS = ['todos', 'timeline', 'boards'] as const;
export type Section = (typeof SECTIONS)[number];
export const SECTION_LABELS: Record<Section, string> = {
  todos: 'To-dos',
  timeline: 'Timeline',
  boards: 'Boards',
};

export function sectionOf(value: string | null): Section {
  return (SECTIONS as readonly string[]).includes(value ?? '') ? (value as Section) : 'todos';
}
