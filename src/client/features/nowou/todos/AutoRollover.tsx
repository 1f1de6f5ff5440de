/**
 * Roll over by itself (a setting kept in this browser, kit/settings.ts): while it is on, the
 * unfinished to-dos of earlier days move to the end of today when Nowou opens, when one appears
 * (another tab, an import) and when the day turns with the tab open. Each move is one undo step;
 * a to-do moved by itself once is left alone for the rest of that day in this tab, so undoing the
 * move keeps it under Overdue instead of moving it again at once.
 */
import { useEffect, useRef, useState } from 'react';
import { dayOf } from '../logic/calendar-day';
import { useNowou } from '../nowou-context';
import { useSetting } from '../kit/settings';
import { useItems } from '../use-nowou-store';
import { rollOverTo } from './todo-move';
import { rolloverCandidates } from './todo-views';

function useToday(): string {
  const [today, setToday] = useState(() => dayOf(new Date()));
  useEffect(() => {
    const timer = window.setInterval(() => setToday(dayOf(new Date())), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return today;
}

export function AutoRollover() {
  const { store, history, announce } = useNowou();
  const [on] = useSetting('autoRollover');
  const todos = useItems(store, 'todo');
  const today = useToday();
  const tried = useRef({ day: '', ids: new Set<string>() });

  useEffect(() => {
    if (!on) return;
    if (tried.current.day !== today) tried.current = { day: today, ids: new Set() };
    const { ids } = tried.current;
    const waiting = rolloverCandidates(todos, today).filter((todo) => !ids.has(todo.id));
    if (waiting.length === 0) return;
    for (const todo of waiting) ids.add(todo.id);
    const moved = rollOverTo(store.all('todo', { includeDeleted: true }), today, waiting);
    if (!history.change(moved, { label: 'Rolled over to today' })) return;
    announce(
      waiting.length === 1
        ? `Moved ${waiting[0]!.title} from an earlier day to today.`
        : `Moved ${waiting.length} unfinished to-dos of earlier days to today.`,
    );
  }, [on, todos, today, store, history, announce]);

  return null;
}
