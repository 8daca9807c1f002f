/** The exit code of a process ended by each signal correx handles (128 + its number). */
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/** Marks a listener that only reacts to a signal (kills process trees) and leaves ending the process to others. */
export const PASSIVE_LISTENER = Symbol("correx.passiveSignalListener");

let installed = false;

/** Whether exitOnSignals has been installed in this process. */
export function signalExitInstalled(): boolean {
  return installed;
}

/**
 * Called first thing by the CLI: from then on SIGINT, SIGTERM or SIGHUP ends correx through
 * `process.exit`, so every `exit` handler runs — temp folders and sandboxes removed, golden locks
 * released, process trees killed — whenever the signal comes, even before any child has started.
 * A command that handles the signal itself (serve closing its server) keeps doing so, and a
 * second signal while it winds down ends correx at once (through `process.exit`, so the folders
 * are still removed). The `exit` handlers are synchronous and bounded (SIGKILL to process trees,
 * removal of correx's own folders): a signal that arrives while they run is held, not given the
 * default action, so it cannot cut a removal short and leave half a run folder behind.
 */
export function exitOnSignals(): void {
  if (installed) return;
  installed = true;
  for (const [signal, code] of Object.entries(SIGNAL_EXIT_CODES)) {
    const first = () => {
      process.removeListener(signal, first);
      const others = process.listeners(signal as NodeJS.Signals).filter((listener) => !(PASSIVE_LISTENER in listener));
      if (others.length > 0) {
        // The command ends itself; a second signal must not wait for it.
        process.once(signal, () => {
          holdSignalsWhileExiting();
          process.exit(code);
        });
        return;
      }
      for (const listener of process.listeners(signal as NodeJS.Signals)) {
        (listener as (signal: NodeJS.Signals) => void)(signal as NodeJS.Signals);
        process.removeListener(signal, listener);
      }
      holdSignalsWhileExiting();
      process.exit(code);
    };
    process.on(signal, first);
  }
}

/** From here on every handled signal is a no-op: correx is running its `exit` handlers. */
function holdSignalsWhileExiting(): void {
  for (const signal of Object.keys(SIGNAL_EXIT_CODES)) process.on(signal, () => {});
}
