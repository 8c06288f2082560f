/**
 * The data dictionary's messages as catalogue references (api.dictionary.*, decision 0021): the
 * import's 422 puts them into the caller's words, the preview's screen into the reader's.
 */
import { messageRef, type MessageValues } from "@/lib/i18n/message-ref";

export const dictionaryMessage = (key: string, values?: MessageValues) =>
  messageRef(`api.dictionary.${key}`, values);
