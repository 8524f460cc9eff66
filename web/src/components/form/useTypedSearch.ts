// The options of a select that searches a list API as the user types. The answer shown is always the one
// for the latest words: react-query keys each search, so a slow answer to an earlier search (the empty one
// sent when the select opens) cannot replace the options of the words typed after it.
import { DICT_SEARCH_DEBOUNCE_MS } from '@freight/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

export function useTypedSearch<T>(
  key: readonly unknown[],
  fetch: (words: string) => Promise<T>,
  /** `wordsRequired`: nothing is asked before something is typed (the select then offers no options). */
  { wordsRequired = false }: { wordsRequired?: boolean } = {},
) {
  const [typed, setTyped] = useState('');
  const [words, setWords] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setWords(typed.trim()), DICT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const asked = !wordsRequired || words !== '';
  const found = useQuery({
    queryKey: [...key, words],
    queryFn: () => fetch(words),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: asked,
  });
  return { found, search: setTyped, words, asked };
}
