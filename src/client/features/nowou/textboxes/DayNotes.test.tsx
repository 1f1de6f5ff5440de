import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createHistory } from '../model/history';
import { createItemStore } from '../model/item-store';
import { textBox } from '#shared/nowou-record-fixtures';
import { MemoryStorage } from '../model/test-fixtures';
import { NowouContext } from '../nowou-context';
import { DayNotes } from './DayNotes';

function render(boxes: Parameters<typeof textBox>[0][]) {
  const store = createItemStore({ storage: new MemoryStorage(), onProblem: () => {} });
  store.load();
  for (const fields of boxes) store.put(textBox(fields));
  return renderToStaticMarkup(
    <NowouContext value={{ store, history: createHistory(store), announce: () => {} }}>
      <DayNotes timelineId="tl-1" day="2026-03-01" />
    </NowouContext>,
  );
}

describe('DayNotes', () => {
  it("shows only that timeline's notes of that day, as Markdown with clickable tasks", () => {
    const out = render([
      { id: 'a', text: '- [ ] **call** Ada' },
      { id: 'b', text: 'other day', anchor: { timelineId: 'tl-1', day: '2026-03-02' } },
      { id: 'c', text: 'other timeline', anchor: { timelineId: 'tl-2', day: '2026-03-01' } },
      {
        id: 'd',
        text: 'a time range',
        anchor: { timelineId: 'tl-1', start: '2026-03-01T09:00:00Z', end: '2026-03-01T10:00:00Z' },
      },
      { id: 'e', text: 'deleted', deleted: true, deletedAt: '2026-03-01T10:00:00.000Z' },
    ]);
    expect(out).toContain('<strong>call</strong> Ada');
    expect(out).toMatch(/<input type="checkbox" class="md__check"\/>/);
    for (const hidden of ['other day', 'other timeline', 'a time range', 'deleted'])
      expect(out).not.toContain(hidden);
    expect(out).toContain('Edit<span class="visually-hidden"> note</span>');
    expect(out).toContain('Delete<span class="visually-hidden"> note</span>');
    expect(out).toContain('Add a note');
  });

  it('names the notes when there are several and marks an empty one', () => {
    const out = render([
      { id: 'a', text: 'one' },
      { id: 'b', text: '  ' },
    ]);
    expect(out).toContain('Edit<span class="visually-hidden"> note 2</span>');
    expect(out).toContain('Empty note');
  });
});
