/** How long one run of the fan-out or the digest goes on before leaving the rest to the next. */
export const RUN_BUDGET_MS = 20_000;
