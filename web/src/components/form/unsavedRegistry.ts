// Forms that hold unsaved input, by the console path they are open on: closing that tab asks first.
import { create } from 'zustand';

type IsDirty = () => boolean;

interface UnsavedRegistry {
  forms: Map<string, Set<IsDirty>>;
  /** Registers an open form of the current page; returns its removal. */
  register: (isDirty: IsDirty) => () => void;
  /** Whether a form open on this path holds unsaved input. */
  hasUnsaved: (path: string) => boolean;
}

export const useUnsavedRegistry = create<UnsavedRegistry>((_set, get) => ({
  forms: new Map(),
  register: (isDirty) => {
    const path = window.location.pathname;
    const forms = get().forms;
    const set = forms.get(path) ?? new Set();
    set.add(isDirty);
    forms.set(path, set);
    return () => {
      set.delete(isDirty);
      if (set.size === 0) forms.delete(path);
    };
  },
  hasUnsaved: (path) => [...(get().forms.get(path) ?? [])].some((isDirty) => isDirty()),
}));
