/**
 * A fixed lookup table keyed by words of users' text, built without a prototype: a word such as
 * "constructor" or "toString" then finds nothing, not one of Object's own members (which broke the
 * grammar engine on "the constructor" before).
 */
export function wordTable<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
