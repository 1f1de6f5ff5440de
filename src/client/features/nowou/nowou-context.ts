/**
 * What every part of Nowou shares: the item store, the undo history all changes go through, and
 * the polite status line that announces what a change did (by the item's title).
 */
import { createContext, useContext } from 'react';
import type { History } from './model/history';
import type { ItemStore } from './model/item-store';

export interface NowouContextValue {
  store: ItemStore;
  history: History;
  /** Says a sentence in the app's live region ("Moved Buy milk to 10:00."). */
  announce: (text: string) => void;
}

export const NowouContext = createContext<NowouContextValue | null>(null);

export function useNowou(): NowouContextValue {
  const value = useContext(NowouContext);
  if (!value) throw new Error('useNowou() outside NowouApp');
  return value;
}
