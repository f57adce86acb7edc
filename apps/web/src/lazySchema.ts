/**
 * A schema built the first time it is used, not when its module runs (decision 0123). The build
 * (lazy-schemas-plugin.ts) wraps the domain's schemas in this: the sign-in page's code defines
 * hundreds (the users', the accounts', every call's), and zod builds each one (an object with some
 * forty methods) whether the page ever parses with it or not: about 100 ms of a slow phone's first
 * task, more on a signed-in page. Every use goes through the schema built once.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = () => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => {
      const real = schema();
      return Reflect.get(real, key, real);
    },
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not report a property its (empty) target lacks as fixed.
      if (descriptor) descriptor.configurable = true;
      return descriptor;
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
