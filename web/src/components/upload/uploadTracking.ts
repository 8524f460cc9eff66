// A form saved while one of its files is still uploading keeps the old value (or none) and the user believes
// the new file is stored. Upload controls report their running uploads to the form around them, and the
// form's save button waits (shows loading) until they have answered.
import { createContext, useCallback, useContext, useState } from 'react';

type Track = (change: 1 | -1) => void;

const UploadTracker = createContext<Track>(() => undefined);

export const UploadTrackerProvider = UploadTracker.Provider;

/** For a form: whether an upload inside it is running, and the tracker to provide to its fields. */
export function useUploadTracking(): { uploading: boolean; track: Track } {
  const [running, setRunning] = useState(0);
  const track = useCallback<Track>((change) => setRunning((count) => Math.max(0, count + change)), []);
  return { uploading: running > 0, track };
}

/** For an upload control: runs one upload, counted by the form around it until it settles. */
export function useTrackedUpload(): <T>(upload: () => Promise<T>) => Promise<T> {
  const track = useContext(UploadTracker);
  return useCallback(
    async (upload) => {
      track(1);
      try {
        return await upload();
      } finally {
        track(-1);
      }
    },
    [track],
  );
}
