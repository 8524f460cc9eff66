// What the dashboard parts need of a summary's query; a TanStack query result satisfies it.
export interface SummaryQuery {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}
