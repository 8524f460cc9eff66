// The one dialog a list screen has open at a time (a review, a reject reason, a form of its own).
import { useState } from 'react';

export interface PageDialog<D> {
  dialog: D | null;
  setDialog: (dialog: D | null) => void;
  /** Closes the dialog; after a change, `announce` tells the lists that show what it changed. */
  close: (changed: boolean) => void;
}

export function usePageDialog<D>(announce: () => void): PageDialog<D> {
  const [dialog, setDialog] = useState<D | null>(null);
  const close = (changed: boolean) => {
    if (changed) announce();
    setDialog(null);
  };
  return { dialog, setDialog, close };
}
