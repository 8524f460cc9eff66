// Open state of the settings drawer. It lives outside the header: ProLayout remounts the header actions when
// the navigation mode changes, and the drawer must stay open while the user switches it.
import { create } from 'zustand';

interface SettingsDrawerState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

export const useSettingsDrawer = create<SettingsDrawerState>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
