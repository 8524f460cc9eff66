// Platform settings: name, logos, footer. Loaded once without a token.
import type { PlatformSettings } from '@freight/contracts';
import { create } from 'zustand';

export const DEFAULT_PLATFORM_NAME = '网络货运平台';

interface PlatformState {
  settings: PlatformSettings | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  set: (settings: PlatformSettings) => void;
  setStatus: (status: PlatformState['status']) => void;
}

export const usePlatform = create<PlatformState>((set) => ({
  settings: null,
  status: 'idle',
  set: (settings) => set({ settings, status: 'ready' }),
  setStatus: (status) => set({ status }),
}));

export function platformName(settings: PlatformSettings | null): string {
  return settings?.web_platform_name?.trim() || DEFAULT_PLATFORM_NAME;
}
