/**
 * The humanizer's version, in a module of its own: the service names it in every result, and
 * importing the engine (index.ts) for it would load the engine's word tables into the main thread.
 */
export const HUMANIZER_ENGINE_VERSION = 'humanize-2.2.0';
