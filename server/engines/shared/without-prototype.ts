/**
 * A fixed lookup table for words of users' text, as an object without a prototype: a word such as
 * "constructor" or "toString" then finds nothing, not one of Object's own members (which broke the
 * grammar engine on "the constructor" before).
 */
export function withoutPrototype<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
