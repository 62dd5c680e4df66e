/** The named preprocessings an operator picks for a classifier (IMAGE_MODEL_INPUT, VOICE_MODEL_INPUT); without sharp, so the configuration can read them. */
export const IMAGE_INPUTS = ['clip-224', 'imagenet-224', 'raw-256'] as const;
export type ImageInput = (typeof IMAGE_INPUTS)[number];
export const VOICE_INPUTS = ['wave-16k-4s'] as const;
export type VoiceInput = (typeof VOICE_INPUTS)[number];
