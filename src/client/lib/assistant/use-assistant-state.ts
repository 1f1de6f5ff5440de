/** The assistant's bubble, log and whether the log is open, for the shell's assistant. */
import { useSyncExternalStore } from 'react';
import {
  assistantSnapshot,
  QUIET,
  subscribeToAssistant,
  type AssistantState,
} from './assistant-store';

export function useAssistantState(): AssistantState {
  return useSyncExternalStore(subscribeToAssistant, assistantSnapshot, () => QUIET);
}
