/**
 * How long one part of the History's free-text search reads before the window shows what it
 * found and asks for the next (`searchSnapshots` with `budgetMs`): short enough that the first
 * matches appear at once, long enough that the calls cost little beside the reading. The bench
 * (`history-search-scale`) times the search with the same parts the window asks for.
 */
export const SEARCH_PART_MS = 200;
