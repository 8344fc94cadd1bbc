// Stand-ins for the node tests of the screens' models: timers moved by hand, a promise settled by
// hand, and a wait until every pending promise callback has run.

/** Timers that move only when `advance(ms)` says: now(), later(fn, ms) and every(fn, ms), as a
 * model takes them (core/model.js); `pending()` counts the timers still set. */
export function manualTimers(start = 1000) {
  let now = start;
  let timers = [];
  const add = (fn, ms, repeat) => {
    const timer = { fn, ms, at: now + ms, repeat };
    timers.push(timer);
    return () => {
      timers = timers.filter((other) => other !== timer);
    };
  };
  return {
    now: () => now,
    later: (fn, ms) => add(fn, ms, false),
    every: (fn, ms) => add(fn, ms, true),
    pending: () => timers.length,
    /** Move the clock on by `ms`, running each timer as it falls due, in order. */
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        if (due.repeat) due.at += due.ms;
        else timers = timers.filter((timer) => timer !== due);
        due.fn();
      }
      now = end;
    },
  };
}

/** A promise and the functions that settle it. */
export function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Resolves once every promise callback queued so far (and those they queue) has run. */
export const settle = () => new Promise((resolve) => setImmediate(resolve));
