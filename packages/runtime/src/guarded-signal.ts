/**
 * An AbortSignal whose listeners cannot end the process.
 *
 * Node reports an exception thrown by an EventTarget listener by rethrowing it
 * on the next tick, as an uncaught exception: a handler that adds an "abort"
 * listener which throws would take the whole server down the moment its call
 * timed out or was cancelled. The signals handed to handlers (`ctx.signal`)
 * therefore wrap every listener — `addEventListener` and `onabort` — so that a
 * throw is reported to the registry's logger instead.
 *
 * Only this one signal instance is changed (own properties shadowing the
 * prototype's methods); everything else about it is a real AbortSignal, so it
 * can be passed to fetch, timers, streams…
 */

/** An event listener: a function or an object with `handleEvent` (no DOM types in this project). */
type ListenerFunction = (event: Event) => void;
type Listener = ListenerFunction | { handleEvent(event: Event): void };
type AddListener = (type: string, listener: unknown, options?: unknown) => void;

/**
 * Makes `signal`'s listeners safe: what they throw goes to `onError`. Returns the
 * same signal.
 */
export function guardSignal(signal: AbortSignal, onError: (error: unknown) => void): AbortSignal {
  const wrappers = new WeakMap<Listener, ListenerFunction>();
  const wrap = (listener: Listener): ListenerFunction => {
    let wrapper = wrappers.get(listener);
    if (wrapper === undefined) {
      wrapper = function (this: unknown, event: Event): void {
        try {
          if (typeof listener === "function") listener.call(this, event);
          else listener.handleEvent(event);
        } catch (err) {
          onError(err);
        }
      };
      wrappers.set(listener, wrapper);
    }
    return wrapper;
  };
  const add = EventTarget.prototype.addEventListener as AddListener;
  const remove = EventTarget.prototype.removeEventListener as AddListener;
  const onabort = findAccessor(signal, "onabort");
  let handler: unknown = null;
  Object.defineProperties(signal, {
    addEventListener: {
      value(type: string, listener: Listener | null, options?: unknown): void {
        add.call(signal, type, listener === null || listener === undefined ? listener : wrap(listener), options);
      },
      configurable: true,
      writable: true,
    },
    removeEventListener: {
      value(type: string, listener: Listener | null, options?: unknown): void {
        const wrapper = listener === null || listener === undefined ? undefined : wrappers.get(listener);
        remove.call(signal, type, wrapper ?? listener, options);
      },
      configurable: true,
      writable: true,
    },
  });
  if (onabort?.set !== undefined) {
    Object.defineProperty(signal, "onabort", {
      get: () => handler,
      set: (value: unknown) => {
        handler = value;
        onabort.set!.call(signal, typeof value === "function" ? wrap(value as ListenerFunction) : value);
      },
      configurable: true,
    });
  }
  return signal;
}

/** The accessor `name` of the object's prototype chain (where Node defines `onabort`). */
function findAccessor(object: object, name: string): PropertyDescriptor | undefined {
  for (let proto = Object.getPrototypeOf(object); proto !== null; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor !== undefined) return descriptor;
  }
  return undefined;
}
