/** Pure domain code: pacing, budgets, calendars, metrics, validation. */
export {};
