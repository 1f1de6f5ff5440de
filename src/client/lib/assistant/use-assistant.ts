/** `useAssistant().say(text)`: what the on-screen assistant says (the store is assistant-store.ts). */
import { ASSISTANT, type AssistantApi } from './assistant-store';

export function useAssistant(): AssistantApi {
  return ASSISTANT;
}
