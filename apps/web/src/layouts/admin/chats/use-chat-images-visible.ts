import { useCallback } from 'react';
import { useStoredValue, writeStored } from '../../../storage/stored-value.ts';

/** The device setting of docs/product-rules.md#records ("Local settings": areChatImagesVisible). */
export const chatImagesVisibleKey = 'areChatImagesVisible';

/** Whether the admin chat view shows images (shown unless switched off on this device). */
export function useChatImagesVisible(): [boolean, (visible: boolean) => void] {
  const stored = useStoredValue(chatImagesVisibleKey);
  const setVisible = useCallback((visible: boolean) => writeStored(chatImagesVisibleKey, visible ? 'true' : 'false'), []);
  return [stored !== 'false', setVisible];
}
