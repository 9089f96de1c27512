// The client's method table: every method of schema/openrpc.json and where it lives on
// the client object. Hand-written on purpose: test/schema.test.js fails when the schema
// gains a method this table lacks.

/**
 * `method`: the JSON-RPC name; `path`: the property path on an Engine
 * (`"layers.add"` → `engine.layers.add(params, options)`); `notification`: sent without
 * an id, never answered; `unwrap`: the wrapper resolves with this member of the result
 * rather than the whole result (`layers.render` → the SVG text; `request('layer.render')`
 * still gives `{svg}`).
 * @type {ReadonlyArray<{method: string, path: string, notification?: boolean, unwrap?: string}>}
 */
export const METHODS = Object.freeze([
  { method: 'initialize', path: 'initialize' },
  { method: 'shutdown', path: 'shutdown' },
  { method: 'exit', path: 'exit', notification: true },
  { method: 'rpc.discover', path: 'discover' },
  { method: 'engine.ping', path: 'ping' },
  { method: 'engine.stats', path: 'stats' },
  { method: 'engine.reset', path: 'reset' },
  { method: 'clock.now', path: 'clock.now' },
  { method: 'clock.advance', path: 'clock.advance' },
  { method: 'layer.add', path: 'layers.add' },
  { method: 'layer.remove', path: 'layers.remove' },
  { method: 'layer.update', path: 'layers.update' },
  { method: 'layer.move', path: 'layers.move' },
  { method: 'layer.bringToFront', path: 'layers.bringToFront' },
  { method: 'layer.sendToBack', path: 'layers.sendToBack' },
  { method: 'layer.get', path: 'layers.get' },
  { method: 'layer.children', path: 'layers.children' },
  { method: 'layer.sortRange', path: 'layers.sortRange' },
  { method: 'layer.tree', path: 'layers.tree' },
  { method: 'layer.paintOrder', path: 'layers.paintOrder' },
  { method: 'layer.hitTest', path: 'layers.hitTest' },
  { method: 'layer.render', path: 'layers.render', unwrap: 'svg' },
  { method: 'layer.clear', path: 'layers.clear' },
  { method: 'alert.enqueue', path: 'alerts.enqueue' },
  { method: 'alert.complete', path: 'alerts.complete' },
  { method: 'alert.cancel', path: 'alerts.cancel' },
  { method: 'alert.pause', path: 'alerts.pause' },
  { method: 'alert.resume', path: 'alerts.resume' },
  { method: 'alert.get', path: 'alerts.get' },
  { method: 'alert.list', path: 'alerts.list' },
  { method: 'alert.clear', path: 'alerts.clear' },
  { method: 'alert.configure', path: 'alerts.configure' },
  { method: 'alert.defineType', path: 'alerts.defineType' },
  { method: 'alert.history', path: 'alerts.history' },
  { method: 'alert.forget', path: 'alerts.forget' },
  { method: 'nav.push', path: 'nav.push' },
  { method: 'nav.pop', path: 'nav.pop' },
  { method: 'nav.set', path: 'nav.set' },
  { method: 'nav.get', path: 'nav.get' },
  { method: 'events.subscribe', path: 'events.subscribe' },
  { method: 'events.unsubscribe', path: 'events.unsubscribe' },
]);

/** The engine's notifications (the schema's `x-events`). */
export const EVENTS = Object.freeze([
  'alert.show',
  'alert.hide',
  'alert.update',
  'alert.idle',
  'alert.changed',
]);

/**
 * A typed wrapper's params are an object of named members (or left out): anything else
 * (`clock.advance(5)`, `layers.add('x')`) is the caller's mistake, refused with a
 * TypeError before anything is written, as the Python client refuses it. `request()`
 * stays the unchecked way to send any params.
 * @returns {Promise<never> | undefined} a rejection, or undefined when `params` will do
 */
function checked(method, params) {
  if (params === undefined || params === null) return undefined;
  // Any plain-data object will do: one from another realm (vm) or a class instance as well
  // (JSON.stringify sends their own enumerable members); not an array, a Map or a primitive.
  if (typeof params === 'object' && Object.prototype.toString.call(params) === '[object Object]') {
    return undefined;
  }
  let given;
  try {
    given = Array.isArray(params)
      ? 'an array'
      : typeof params === 'object'
        ? `a ${Object.getPrototypeOf(params)?.constructor?.name ?? 'object'}`
        : `${typeof params} ${typeof params === 'bigint' ? `${params}n` : JSON.stringify(params) ?? String(params)}`;
  } catch {
    given = typeof params;
  }
  return Promise.reject(
    new TypeError(`${method}: params must be an object of named members (or left out), not ${given}`),
  );
}

/**
 * Installs one wrapper per METHODS entry on `target`, creating the namespace objects.
 * @param {object} target
 * @param {(method: string, params?: object, options?: object) => Promise<unknown>} request
 * @param {(method: string, params?: object) => Promise<void>} notify
 */
export function installMethods(target, request, notify) {
  for (const { method, path, notification, unwrap } of METHODS) {
    const parts = path.split('.');
    let holder = target;
    for (const part of parts.slice(0, -1)) {
      if (!Object.hasOwn(holder, part)) {
        Object.defineProperty(holder, part, { value: {}, enumerable: true });
      }
      holder = holder[part];
    }
    let fn;
    if (notification) fn = (params) => checked(method, params) ?? notify(method, params);
    else if (unwrap) {
      fn = (params, options) =>
        checked(method, params) ?? request(method, params, options).then((result) => result[unwrap]);
    } else fn = (params, options) => checked(method, params) ?? request(method, params, options);
    Object.defineProperty(fn, 'name', { value: parts[parts.length - 1] });
    Object.defineProperty(holder, parts[parts.length - 1], { value: fn, enumerable: true });
  }
  return target;
}
