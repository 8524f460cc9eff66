// ProTable abandons an earlier request when a newer one starts, but the earlier request still writes its rows
// into the table when it answers. A slow first page (the list opened unfiltered) answering after the search
// typed right away would show rows the user did not ask for. Each request therefore answers with the rows of the
// newest request started, whichever finishes last.
import { useCallback, useRef } from 'react';

export function useNewestAnswer<T>(): (run: Promise<T>) => Promise<T> {
  const newest = useRef<Promise<T>>(undefined);
  return useCallback(async (run: Promise<T>) => {
    newest.current = run;
    let answered = run;
    let result = await run;
    while (newest.current && newest.current !== answered) {
      answered = newest.current;
      result = await answered;
    }
    return result;
  }, []);
}
