// Whether the page around a component is the one in front: visited tabs stay mounted behind it, and what floats
// above the page (a drawer, a dialog) should float only while its page is in front.
import { createContext, useContext } from 'react';

export const PageActiveContext = createContext(true);

export function usePageActive(): boolean {
  return useContext(PageActiveContext);
}
