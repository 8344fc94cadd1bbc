// Lists of subscribers for the hooks that let a lower folder reach a higher one (onWon,
// onReconnect, onDemoChange…): each subscription keeps the others and can be undone on its own.
// Pure, so node --test covers it.

/** A list of subscribers. `add(fn)` returns the function that removes that one subscription;
 * `call(...args)` calls each in the order they came, `callInTurn` awaits each before the next.
 * One that throws does not keep the others from being called: the first error is thrown after.
 * @template [F=any] what is subscribed: a function, or what a hook's caller reads (a new-game option) */
export function hookList() {
  /** @type {{fn: F}[]} */
  const entries = []; // the same function added twice is two subscriptions

  /** @param {(fn: F) => unknown} each */
  function run(each) {
    const answers = [];
    let failure = null;
    for (const entry of [...entries]) {
      try {
        answers.push(each(entry.fn));
      } catch (error) {
        failure ??= { error };
        answers.push(undefined);
      }
    }
    if (failure) throw failure.error;
    return answers;
  }

  return {
    /** @param {F} fn */
    add(fn) {
      const entry = { fn };
      entries.push(entry);
      return () => {
        const at = entries.indexOf(entry);
        if (at >= 0) entries.splice(at, 1);
      };
    },
    /** Call every subscriber; returns their answers in order.
     * @param {F extends (...a: infer P) => any ? P : never} args */
    call(...args) {
      return run((fn) => /** @type {any} */ (fn)(...args));
    },
    /** Call them one after the other, each awaited; resolves to their answers in order.
     * @param {F extends (...a: infer P) => any ? P : never} args */
    async callInTurn(...args) {
      const answers = [];
      let failure = null;
      for (const entry of [...entries]) {
        try {
          answers.push(await /** @type {any} */ (entry.fn)(...args));
        } catch (error) {
          failure ??= { error };
          answers.push(undefined);
        }
      }
      if (failure) throw failure.error;
      return answers;
    },
    /** The subscribers now, in order. */
    list() {
      return entries.map((entry) => entry.fn);
    },
    get size() {
      return entries.length;
    },
  };
}
